import CMicroHTTPD

extension HTTPRequest {
    /// Gathers the request libmicrohttpd has parsed on `connection` (libmicrohttpd thread only).
    /// Every string is copied, because libmicrohttpd frees its copies when the request ends.
    init(connection: OpaquePointer, method: String, path: String, body: [UInt8]) {
        var query = FieldCollector(lowercasesNames: false, joinsRepeats: false)
        var headers = FieldCollector(lowercasesNames: true, joinsRepeats: true)
        query.collect(from: connection, kind: .GET_ARGUMENT_KIND)
        headers.collect(from: connection, kind: .HEADER_KIND)
        let remote = cmhd_connection_client_address(connection)
            .flatMap { HTTPSocketAddress(copying: $0)?.hostText } ?? ""
        self.init(
            method: method, path: path, query: query.fields, headers: headers.fields,
            body: body, remoteAddress: remote)
    }

    /// The `Content-Length` the client declared, if any and well-formed, so an oversized body
    /// can be refused before it is read.
    static func declaredContentLength(on connection: OpaquePointer) -> UInt64? {
        guard let raw = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else {
            return nil
        }
        return UInt64(String(cString: raw).trimmingASCIISpaces)
    }

    /// Accumulates libmicrohttpd's key/value iteration into a dictionary.
    private struct FieldCollector {
        let lowercasesNames: Bool
        /// Headers join repeats (RFC 9110 §5.3); query arguments keep the first value.
        let joinsRepeats: Bool
        var fields: [String: String] = [:]

        mutating func add(name: String, value: String) {
            let key = lowercasesNames ? Self.asciiLowercased(name) : name
            if let existing = fields[key] {
                if joinsRepeats { fields[key] = existing + ", " + value }
            } else {
                fields[key] = value
            }
        }

        /// Header names are ASCII tokens: lower-casing them needs no Unicode tables, and a
        /// name already in lower case is returned as it is.
        static func asciiLowercased(_ name: String) -> String {
            guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return name }
            return String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }

        /// The iterator runs synchronously inside `MHD_get_connection_values`, so the pointer
        /// to `self` never outlives the `withUnsafeMutablePointer` call.
        mutating func collect(from connection: OpaquePointer, kind: MHD_ValueKind) {
            withUnsafeMutablePointer(to: &self) { collector in
                _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
                    guard let context, let key else { return MHD_Result.YES }
                    context.assumingMemoryBound(to: FieldCollector.self).pointee.add(
                        name: String(cString: key), value: value.map { String(cString: $0) } ?? "")
                    return MHD_Result.YES
                }, collector)
            }
        }
    }
}

extension String {
    /// Drops the spaces and tabs HTTP allows around a field value.
    fileprivate var trimmingASCIISpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return self[first...last]
    }
}
