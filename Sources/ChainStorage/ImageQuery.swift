import ChainModel

/// A page of the catalog: images after a cursor, in id order, that pass every filter.
package struct ImageQuery: Sendable, Hashable {
    /// The last id of the previous page; `nil` for the first.
    package var after: ImageID?
    package var limit: Int
    /// Images of the filtered list to skip before the page starts (after `after`).
    package var offset = 0
    /// Only images rated at least this.
    package var minRating: Rating?
    /// Only images with exactly these values (`label=red`, `flag=pick`, `rating=3`).
    package var equals = AttributeValues()

    package init(after: ImageID? = nil, limit: Int, minRating: Rating? = nil, equals: AttributeValues = AttributeValues()) {
        self.after = after
        self.limit = limit
        self.minRating = minRating
        self.equals = equals
    }
}
