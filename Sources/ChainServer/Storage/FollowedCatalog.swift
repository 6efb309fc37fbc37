import ChainModel

/// Every image's attribute values and the commit-log position they are as of, read
/// together, so a mirror started from them follows on from exactly there.
struct FollowedCatalog: Sendable {
    var columns: AttributeColumns
    var position: Int64
}
