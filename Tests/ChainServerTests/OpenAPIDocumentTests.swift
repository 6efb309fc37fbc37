import ChainAPI
import ChainConfig
import ChainModel
import ChainService
import Foundation
import Testing

@testable import ChainServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Resources/openapi.json` against the code: the router's table is the truth, so a route
/// added, removed or re-secured without the document (or the other way round) fails here.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    static let httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Success status per route where it is not 200.
    static let successStatus = [
        "POST /v1/sessions": "201", "DELETE /v1/sessions/{id}": "204", "POST /v1/sessions/{id}/handlers": "201",
        "DELETE /v1/sessions/{id}/handlers/{handler}": "204", "POST /v1/sessions/{id}/calls/{call}": "204",
    ]

    static func document() throws -> JSON {
        try JSONParser.parse(ServiceRoutes.openAPIDocument)
    }

    static func key(_ route: Route) -> String { "\(route.method) \(route.pattern)" }

    /// The operation documented for `route`, or `nil`.
    static func operation(for route: Route, in document: JSON) -> JSON? {
        document["paths"]?[route.pattern]?[route.method.lowercased()]
    }

    @Test func isOpenAPI31() throws {
        let version = try #require(try Self.document()["openapi"]?.stringValue)
        #expect(version.hasPrefix("3.1."))
    }

    @Test func documentsExactlyTheRouterTable() throws {
        let paths = try #require(try Self.document()["paths"]?.objectMembers)
        let documented = Set(paths.flatMap { path, item in
            (item.objectMembers ?? []).filter { Self.httpMethods.contains($0.key) }.map { "\($0.key.uppercased()) \(path)" }
        })
        let routed = Set(Router.tableForTests.map(Self.key))
        #expect(routed.subtracting(documented).isEmpty, "routes missing from openapi.json")
        #expect(documented.subtracting(routed).isEmpty, "operations in openapi.json that no route serves")
    }

    @Test(arguments: Router.tableForTests.map(OpenAPIDocumentTests.key))
    func operationDocumentsSuccessAndAuthentication(_ key: String) throws {
        let route = try #require(Router.tableForTests.first { Self.key($0) == key })
        let document = try Self.document()
        guard let operation = Self.operation(for: route, in: document) else {
            Issue.record("\(key) is not in openapi.json")
            return
        }
        let statuses = Set((operation["responses"]?.objectMembers ?? []).map(\.key))
        #expect(statuses.contains(Self.successStatus[key] ?? "200"))

        let security = operation["security"] ?? document["security"] ?? []
        let schemes = (security.arrayValue ?? []).flatMap { ($0.objectMembers ?? []).map(\.key) }
        if key == "POST /v1/sessions" {
            // Open, but in `auth.mode` `keys` it takes an API key (and answers 401 without one).
            #expect(security.arrayValue?.first == [:], "no credential is needed in open mode")
            #expect(schemes == ["apiKey"] && statuses.contains("401"))
        } else if case .open = route.access {
            #expect(schemes.isEmpty, "an open route must say security: []")
            #expect(!statuses.contains("401"))
        } else {
            #expect(statuses.contains("401"))
            #expect(!schemes.isEmpty)
            for name in schemes {
                let scheme = document["components"]?["securitySchemes"]?[name]
                #expect(scheme?["type"] == "http" && scheme?["scheme"] == "bearer", "\(name) is not a bearer scheme")
            }
        }
        if case .ownSession = route.access { #expect(statuses.contains("404")) }
    }

    @Test func everyReferenceResolves() throws {
        let document = try Self.document()
        var references: [String] = []
        Self.collectReferences(in: document, into: &references)
        #expect(references.count > 20)
        for reference in Set(references) {
            let target = Self.resolve(reference, in: document)
            #expect(target != nil, "unresolved $ref \(reference)")
        }
    }

    static func collectReferences(in value: JSON, into references: inout [String]) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                if key == "$ref", let text = member.stringValue { references.append(text) }
                collectReferences(in: member, into: &references)
            }
        case .array(let values):
            for member in values { collectReferences(in: member, into: &references) }
        default:
            break
        }
    }

    /// Follows a local JSON pointer reference (`#/components/schemas/Session`).
    static func resolve(_ reference: String, in document: JSON) -> JSON? {
        guard reference.hasPrefix("#/") else { return nil }
        var current = document
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let values = current.arrayValue {
                guard let index = Int(name), values.indices.contains(index) else { return nil }
                current = values[index]
            } else {
                guard let next = current[name] else { return nil }
                current = next
            }
        }
        return current
    }

    @Test func liveServerServesTheseBytes() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chain-server-tests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = data
        configuration.configDirectory = repository.appendingPathComponent("config").path
        configuration.demoImages = 20
        configuration.logLevel = .error
        let app = try ChainServerApp(configuration: configuration, log: Logger(level: .error))
        try app.start()
        defer { app.stop(grace: .seconds(1)) }

        let url = try #require(URL(string: app.url + "/openapi.json"))
        let (body, response) = try await URLSession.shared.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
        #expect([UInt8](body) == ServiceRoutes.openAPIDocument)
    }
}
