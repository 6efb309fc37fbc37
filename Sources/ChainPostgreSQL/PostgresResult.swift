internal import CPostgreSQL

/// The rows of one statement, in libpq's binary format, cleared when it goes.
///
/// Integer columns are read by their type (`int2`, `int4`, `int8`, `bool`); text and
/// `bytea` columns are their bytes as they are.
package final class PostgresResult {
    private let handle: OpaquePointer?

    package init(_ handle: OpaquePointer?) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    /// `PGRES_FATAL_ERROR` when libpq gave no result at all (out of memory, connection gone).
    var status: ExecStatusType { handle.map(PQresultStatus) ?? PGRES_FATAL_ERROR }
    package var rowCount: Int { handle.map { Int(PQntuples($0)) } ?? 0 }
    /// Rows an INSERT, UPDATE or DELETE touched.
    package var affectedRows: Int { handle.flatMap { Int(String(cString: PQcmdTuples($0))) } ?? 0 }

    package func isNull(_ row: Int, _ column: Int) -> Bool {
        guard let handle else { return true }
        return PQgetisnull(handle, Int32(row), Int32(column)) != 0
    }

    package func int64(_ row: Int, _ column: Int) -> Int64 {
        optionalInt64(row, column) ?? 0
    }

    package func int(_ row: Int, _ column: Int) -> Int { Int(int64(row, column)) }

    package func optionalInt64(_ row: Int, _ column: Int) -> Int64? {
        guard let handle, !isNull(row, column), let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return nil }
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        var number: Int64 = 0
        // Big-endian two's complement of the column's width, sign-extended.
        for index in 0..<length {
            number = number << 8 | Int64(UInt8(bitPattern: value[index]))
        }
        let unused = 64 - 8 * length
        return length == 0 ? 0 : (number << unused) >> unused
    }

    /// A `float8` (or `float4`) column: IEEE 754, big-endian in the binary format.
    package func optionalDouble(_ row: Int, _ column: Int) -> Double? {
        guard let bytes = bytes(row, column) else { return nil }
        let bits = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        switch bytes.count {
        case 8: return Double(bitPattern: bits)
        case 4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
        default: return nil
        }
    }

    package func text(_ row: Int, _ column: Int) -> String? {
        bytes(row, column).map { String(decoding: $0, as: UTF8.self) }
    }

    package func bytes(_ row: Int, _ column: Int) -> [UInt8]? {
        guard let handle, !isNull(row, column), let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return nil }
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The server's error fields, for `PostgresError`.
    package func errorField(_ code: UInt8) -> String? {
        guard let handle, let field = PQresultErrorField(handle, Int32(code)) else { return nil }
        return String(cString: field)
    }
}
