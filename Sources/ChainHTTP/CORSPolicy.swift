/// Which other web origins may call the API from a browser (`http.corsOrigins`), and the
/// headers that tell the browser so. The server's own web client is same-origin and needs
/// none of this. An origin not on the list gets no CORS headers: the browser then keeps the
/// answer from the page, as the Fetch standard asks.
package struct CORSPolicy: Sendable {
    /// Request headers a page may send: the token, JSON bodies, conditional and retried
    /// requests, and a resumed event stream.
    package static let allowedHeaders = "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, Last-Event-ID"
    /// Response headers a page may read besides the CORS-safelisted ones.
    package static let exposedHeaders = "ETag, Location, Allow, Retry-After, Idempotent-Replayed"
    /// How long a browser may reuse a preflight answer (seconds).
    package static let maxAge = 600

    package let origins: Set<String>

    /// Origins compare in lower case, as browsers send them.
    package init(origins: [String]) {
        self.origins = Set(origins.map { $0.lowercased() })
    }

    package var isEmpty: Bool { origins.isEmpty }

    /// The listed origin a request comes from, if it is one.
    package func allowedOrigin(of request: HTTPRequest) -> String? {
        guard !origins.isEmpty, let origin = request.header("origin"), origins.contains(origin) else { return nil }
        return origin
    }

    /// A preflight (`OPTIONS` with `Access-Control-Request-Method`) from a listed origin:
    /// `204` naming the methods the path has. `nil` when the request is not one.
    package func preflight(_ request: HTTPRequest, methods: [String]) -> HTTPResponse? {
        guard request.method == "OPTIONS", request.header("access-control-request-method") != nil,
              let origin = allowedOrigin(of: request), !methods.isEmpty
        else { return nil }
        let listed = methods.contains("GET") && !methods.contains("HEAD") ? methods + ["HEAD"] : methods
        return HTTPResponse(status: 204, headers: [
            HTTPResponse.Header(name: "Access-Control-Allow-Origin", value: origin),
            HTTPResponse.Header(name: "Access-Control-Allow-Methods", value: listed.joined(separator: ", ")),
            HTTPResponse.Header(name: "Access-Control-Allow-Headers", value: Self.allowedHeaders),
            HTTPResponse.Header(name: "Access-Control-Max-Age", value: String(Self.maxAge)),
            HTTPResponse.Header(name: "Vary", value: "Origin"),
        ])
    }

    /// `response` with the headers that let a listed origin's page read it (`origin`), or,
    /// for any other request, only `Vary: Origin`: whenever some origins are listed, the same
    /// URL is answered differently by origin, and a cache must keep the answers apart.
    package func decorate(_ response: HTTPResponse, origin: String?) -> HTTPResponse {
        var response = response
        if let origin {
            response.headers += [
                HTTPResponse.Header(name: "Access-Control-Allow-Origin", value: origin),
                HTTPResponse.Header(name: "Access-Control-Expose-Headers", value: Self.exposedHeaders),
            ]
        }
        response.headers.append(HTTPResponse.Header(name: "Vary", value: "Origin"))
        return response
    }

    /// `scheme://host[:port]`, as browsers serialise an origin: http or https, a host of
    /// letters, digits, dots, hyphens (or a bracketed IPv6 address), an optional port.
    package static func isOrigin(_ text: String) -> Bool {
        let rest: Substring
        if text.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if text.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return false
        }
        var host = rest
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            let port = rest[rest.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), let number = Int(port), (1...65535).contains(number) else {
                return false
            }
            // A browser never sends the scheme's default port: such an entry would never match.
            if number == (text.hasPrefix("https://") ? 443 : 80) { return false }
            host = rest[..<colon]
        }
        if host.hasPrefix("[") { return host.hasSuffix("]") && host.count > 2 && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" } }
        return !host.isEmpty && host.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }
    }
}
