import ChainModel

/// One page of a list (`images` of `GET /v1/images`, `selection` of `GET …/selection`): the
/// items, the cursor of the next page (null on the last) and the page size used.
package struct PageBody<Item: WireValue>: WireObject {
    package let name: String
    package let items: [Item]
    package let next: ImageID?
    package let limit: Int
    /// How many items the whole list has, when that is known without counting them.
    package var total: Int?

    package init(name: String, items: [Item], next: ImageID?, limit: Int, total: Int? = nil) {
        self.name = name
        self.items = items
        self.next = next
        self.limit = limit
        self.total = total
    }

    package func members(_ member: inout JSONObjectWriter) {
        member(JSONKey(name), items)
        member("next", next)
        member("limit", limit)
        if let total { member("total", total) }
    }
}
