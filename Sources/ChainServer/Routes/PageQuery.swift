import ChainModel

/// `limit` and `after` of a paged list, read the same way for every list.
struct PageQuery: Sendable {
    static let defaultLimit = 100

    var limit: Int
    var after: ImageID?

    /// `limit` defaults to 100 and is capped at `maxLimit`; `after` is an image id cursor.
    init(_ query: [String: String], maxLimit: Int) throws(Problem) {
        limit = min(Self.defaultLimit, maxLimit)
        if let text = query["limit"] {
            guard let value = Int(text), value >= 1 else {
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
}
