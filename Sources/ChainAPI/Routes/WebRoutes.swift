import ChainHTTP
import ChainModel

/// The web client: `GET /` and its scripts and styles under `/web/`. Each answer carries a
/// strong `ETag` and `Cache-Control: no-cache`, so a browser revalidates (a cheap `304`)
/// and a new build is picked up at the next load.
package struct WebRoutes: Sendable {

    package init() {
    }
    /// The page may load only its own scripts and styles, and images the scripts made
    /// (`blob:` thumbnails fetched with the session's token).
    package static let policy = "default-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
        + "style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

    package func index(_ request: RouteRequest, _ respond: Route.Respond) throws {
        respond(Self.response(WebClient.index, request))
    }

    package func file(_ request: RouteRequest, _ respond: Route.Respond) throws {
        let name = request.parameters["file"] ?? ""
        guard let asset = WebClient.files[name] else {
            throw Problem(.notFound, "the web client has no file \"\(name.prefix(80))\"")
        }
        respond(Self.response(asset, request))
    }

    private static func response(_ asset: WebAsset, _ request: RouteRequest) -> HTTPResponse {
        if asset.tag.isMatched(byIfNoneMatch: request.http.header("if-none-match")) {
            return asset.tag.notModified(cacheControl: "no-cache")
        }
        var answer = HTTPResponse(status: 200, contentType: asset.contentType, body: asset.bytes)
        answer.headers += [
            asset.tag.header,
            HTTPResponse.Header(name: "Cache-Control", value: "no-cache"),
            HTTPResponse.Header(name: "X-Content-Type-Options", value: "nosniff"),
            HTTPResponse.Header(name: "Content-Security-Policy", value: policy),
            HTTPResponse.Header(name: "Referrer-Policy", value: "no-referrer"),
        ]
        return answer
    }
}
