import ChainStorage

/// A kept page of `GET /v1/images`: the query, and whether its image objects carry paths
/// (an admin's page), so an admin's bytes never reach anyone else.
package struct ImagePageKey: Hashable, Sendable {
    package var query: ImageQuery
    package var withPaths: Bool

    package init(query: ImageQuery, withPaths: Bool) {
        self.query = query
        self.withPaths = withPaths
    }
}
