import ChainModel

/// One page of a list (`images` of `GET /v1/images`, `selection` of `GET …/selection`): the
/// items, the cursor of the next page (null on the last) and the page size used.
struct PageBody<Item: WireValue>: WireObject {
    let name: String
    let items: [Item]
    let next: ImageID?
    let limit: Int
    /// How many items the whole list has, when that is known without counting them.
    var total: Int?

    func members(_ member: inout JSONObjectWriter) {
        member(JSONKey(name), items)
        member("next", next)
        member("limit", limit)
        if let total { member("total", total) }
    }
}
