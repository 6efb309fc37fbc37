import ChainModel

/// Every image's attribute values and the commit-log position they are as of, read
/// together, so a mirror started from them follows on from exactly there.
package struct FollowedCatalog: Sendable {
    package var columns: AttributeColumns
    package var position: Int64

    package init(columns: AttributeColumns, position: Int64) {
        self.columns = columns
        self.position = position
    }
}
