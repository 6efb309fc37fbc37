extension HTTPRequest {
    /// One request header field, as the client sent it.
    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }
}
