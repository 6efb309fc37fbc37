import CPostgreSQL

/// The rows of one statement, in libpq's binary format, cleared when it goes.
///
/// Integer columns are read by their type (`int2`, `int4`, `int8`, `bool`); text and
/// `bytea` columns are their bytes as they are.
final class PostgresResult {
    private let handle: OpaquePointer?

    init(_ handle: OpaquePointer?) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    /// `PGRES_FATAL_ERROR` when libpq gave no result at all (out of memory, connection gone).
    var status: ExecStatusType { handle.map(PQresultStatus) ?? PGRES_FATAL_ERROR }
    var rowCount: Int { handle.map { Int(PQntuples($0)) } ?? 0 }
    /// Rows an INSERT, UPDATE or DELETE touched.
    var affectedRows: Int { handle.flatMap { Int(String(cString: PQcmdTuples($0))) } ?? 0 }

    func isNull(_ row: Int, _ column: Int) -> Bool {
        guard let handle else { return true }
        return PQgetisnull(handle, Int32(row), Int32(column)) != 0
    }

    func int64(_ row: Int, _ column: Int) -> Int64 {
        optionalInt64(row, column) ?? 0
    }

    func int(_ row: Int, _ column: Int) -> Int { Int(int64(row, column)) }

    func optionalInt64(_ row: Int, _ column: Int) -> Int64? {
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


    func text(_ row: Int, _ column: Int) -> String? {
        bytes(row, column).map { String(decoding: $0, as: UTF8.self) }
    }

    func bytes(_ row: Int, _ column: Int) -> [UInt8]? {
        guard let handle, !isNull(row, column), let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return nil }
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The server's error fields, for `PostgresError`.
    func errorField(_ code: UInt8) -> String? {
        guard let handle, let field = PQresultErrorField(handle, Int32(code)) else { return nil }
        return String(cString: field)
    }
}
