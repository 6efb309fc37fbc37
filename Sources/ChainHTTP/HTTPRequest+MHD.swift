internal import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPRequest {
    /// Gathers the request libmicrohttpd has parsed on `connection` (libmicrohttpd thread only),
    /// from the client at `remoteAddress`. Every string is copied, because libmicrohttpd frees
    /// its copies when the request ends.
    package init(connection: OpaquePointer, method: String, path: String, body: [UInt8], remoteAddress: String) {
        var query: [String: String] = [:]
        for argument in Self.fields(of: connection, kind: .GET_ARGUMENT_KIND) where query[argument.name] == nil {
            query[argument.name] = argument.value  // a repeated argument keeps its first value
        }
        self.init(
            method: method, path: path, query: query, fields: Self.fields(of: connection, kind: .HEADER_KIND),
            body: body, remoteAddress: remoteAddress)
    }

    /// The `Content-Length` the client declared, if any and well-formed, so an oversized body
    /// can be refused before it is read.
    package static func declaredContentLength(on connection: OpaquePointer) -> UInt64? {
        guard let raw = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else {
            return nil
        }
        return contentLength(UnsafeBufferPointer(start: raw, count: strlen(raw)))
    }

    /// Decimal digits with the spaces and tabs HTTP allows around a field value, read in
    /// place; `nil` for anything else or a value past `UInt64`.
    package static func contentLength(_ text: UnsafeBufferPointer<CChar>) -> UInt64? {
        let bytes = UnsafeRawBufferPointer(text)
        let digits = HTTPWhitespace.trimmed(bytes)
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in bytes[digits] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowed, !carried else { return nil }
            value = sum
        }
        return value
    }

    /// The values of one kind libmicrohttpd parsed, in order. Its iterator runs synchronously
    /// inside `MHD_get_connection_values`, so the pointer to `fields` never outlives the call.
    /// Counted first (no iterator: libmicrohttpd only counts), so the array is allocated once
    /// instead of growing as the headers are appended.
    private static func fields(of connection: OpaquePointer, kind: MHD_ValueKind) -> [Field] {
        let count = MHD_get_connection_values(connection, kind, nil, nil)
        guard count > 0 else { return [] }
        var fields: [Field] = []
        fields.reserveCapacity(Int(count))
        withUnsafeMutablePointer(to: &fields) { collected in
            _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
                guard let context, let key else { return MHD_Result.YES }
                context.assumingMemoryBound(to: [Field].self).pointee.append(
                    Field(name: String(cString: key), value: value.map { String(cString: $0) } ?? ""))
                return MHD_Result.YES
            }, collected)
        }
        return fields
    }
}
