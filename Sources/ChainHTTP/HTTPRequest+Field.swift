extension HTTPRequest {
    /// One request header field, as the client sent it.
    package struct Field: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }
}
