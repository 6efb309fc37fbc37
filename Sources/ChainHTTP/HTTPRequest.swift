/// One complete HTTP request, gathered from libmicrohttpd's several callbacks into a single
/// value so that routing and handlers never see the C library's piecemeal delivery.
package struct HTTPRequest: Sendable, Equatable {
    /// The request method exactly as sent (`GET`, `PATCH`, or anything else); handlers decide
    /// what to do with methods they do not support.
    package var method: String
    /// The percent-decoded URL path without the query string.
    package var path: String
    /// Percent-decoded query arguments. A key given twice keeps its first value, so a client
    /// cannot override an earlier argument by repeating it.
    package var query: [String: String]
    /// Request header fields in the order sent, names as sent: a request has a handful, so
    /// looking one up by scanning costs less than building a dictionary of them would.
    package var fields: [Field]
    /// The request body; empty when the client sent none.
    package var body: [UInt8]
    /// The client's IP address as text (`127.0.0.1`, `::1`), or `""` if unknown.
    package var remoteAddress: String
    /// Whether the connection's peer is a trusted proxy (`http.trustedProxies`): only then
    /// does a header such as `X-Forwarded-User` speak for the client.
    package var fromTrustedProxy = false

    package init(
        method: String,
        path: String,
        query: [String: String] = [:],
        headers: [String: String] = [:],
        body: [UInt8] = [],
        remoteAddress: String = ""
    ) {
        self.init(
            method: method, path: path, query: query, fields: headers.map { Field(name: $0.key, value: $0.value) },
            body: body, remoteAddress: remoteAddress)
    }

    package init(method: String, path: String, query: [String: String], fields: [Field], body: [UInt8], remoteAddress: String) {
        self.method = method
        self.path = path
        self.query = query
        self.fields = fields
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The named header in any letter case; a repeated one joined with `", "` (RFC 9110 §5.3).
    package func header(_ name: String) -> String? {
        var found: String?
        for field in fields where field.name.equalsIgnoringASCIICase(name) {
            found = found.map { $0 + ", " + field.value } ?? field.value
        }
        return found
    }
}
