import ChainAPI
import Foundation
import Testing

@testable import ChainServer

/// The open endpoints, live: health, the API description and metrics.
@Suite("Service routes, live")
struct ServiceRoutesTests {
    @Test func healthzAnswersOK() async throws {
        try await LiveServer.with { server in
            let response = try await server.client.get("/healthz")

            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.json == ["status": "ok"])
        }
    }

    @Test func headIsAnsweredLikeGetWithoutABody() async throws {
        try await LiveServer.with { server in
            let response = try await server.client.send("HEAD", "/healthz")

            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.body.isEmpty)
        }
    }

    @Test func openAPIIsAnOpenAPI3Document() async throws {
        try await LiveServer.with { server in
            let response = try await server.client.get("/openapi.json")

            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(response["openapi"]?.stringValue?.hasPrefix("3.") == true)
            #expect(response["paths"]?.objectMembers != nil)
        }
    }

    @Test
    func openAPIDescribesEveryRoute() async throws {
        try await LiveServer.with { server in
            let paths = try #require(try await server.client.get("/openapi.json")["paths"])

            for route in Router.tableForTests {
                let operation = paths[route.pattern]?[route.method.lowercased()]
                #expect(operation != nil, "\(route.method) \(route.pattern) is not documented")
            }
        }
    }

    @Test func metricsCountRequestsSessionsCommandsAndCommits() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.rate(["img-1", "img-2"], 4)

            let response = try await server.client.get("/metrics")

            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true)
            let text = response.text
            #expect(text.contains("# TYPE chain_http_requests_total counter"))
            #expect(metricValue(text, #"chain_http_requests_total{route="/v1/sessions",method="POST",status="201"}"#) == 1)
            #expect(metricValue(text, #"chain_http_requests_total{route="/v1/sessions/{id}/commands",method="POST",status="200"}"#) == 2)
            #expect(metricValue(text, "chain_sessions_live") == 1)
            #expect(metricValue(text, #"chain_commands_total{action="select",outcome="ok"}"#) == 1)
            #expect(metricValue(text, #"chain_commands_total{action="setRating",outcome="ok"}"#) == 1)
            #expect(metricValue(text, "chain_catalog_commits_total") == 1)
            #expect(metricValue(text, "chain_catalog_committed_rows_total") == 2)
            #expect(metricValue(text, "chain_catalog_commit_batches_count") == 1)
            #expect(metricValue(text, "chain_catalog_commit_batches_sum") == 1)
        }
    }

    @Test func metricsCountFailedCommandsByOutcome() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            #expect(try await session.command(["action": "undo"]).status == 409)
            #expect(try await session.command(["action": "setRating", "args": ["rating": 9]]).status == 422)

            let text = try await server.client.metrics()

            #expect(metricValue(text, #"chain_commands_total{action="undo",outcome="disabled"}"#) == 1)
            #expect(metricValue(text, #"chain_commands_total{action="setRating",outcome="invalid_argument"}"#) == 1)
            #expect(metricValue(text, "chain_catalog_commits_total") == 0)
        }
    }
}

/// Metrics label only standard methods, so a client cannot mint a series per request.
struct RouterMethodLabelTests {
    @Test(arguments: [("GET", "GET"), ("DELETE", "DELETE"), ("X0000000", "other"), ("get", "other"), ("", "other")])
    func methodLabels(method: String, label: String) {
        #expect(Router.methodLabel(method) == label)
    }
}
