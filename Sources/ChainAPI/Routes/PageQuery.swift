import ChainModel

/// `limit` and `after` of a paged list, read the same way for every list.
package struct PageQuery: Sendable {
    package static let defaultLimit = 100

    package var limit: Int
    package var after: ImageID?

    /// `limit` defaults to 100 and is capped at `maxLimit`; `after` is an image id cursor.
    package init(_ query: [String: String], maxLimit: Int) throws(Problem) {
        limit = min(Self.defaultLimit, maxLimit)
        if let text = query["limit"] {
            guard let value = Self.positiveInteger(text) else {
                throw Problem.invalid("limit", "limit must be a positive integer, not \"\(text.prefix(40))\"")
            }
            limit = min(value, maxLimit)
        }
        if let text = query["after"] {
            guard let id = ImageID(text) else {
                throw Problem.invalid("after", "after must be an image id cursor like \"img-100\", not \"\(text.prefix(40))\"")
            }
            after = id
        }
    }

    /// The value of a decimal positive integer, `Int.max` for one too large to hold: a limit
    /// above the cap is clamped to it however many digits it has.
    package static func positiveInteger(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        guard let value = Int(text) else { return Int.max }
        return value >= 1 ? value : nil
    }
}
