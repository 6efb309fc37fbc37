import ChainHTTP
import ChainModel
import ChainService
import ChainStorage
import Dispatch

/// `GET /v1/sessions/{id}/grid?window=&offset=&limit=`: a page of a grid's working set, in
/// its order, with an `ETag` that changes when the set's members or order or the catalog's
/// values do (`If-None-Match` answers 304 without reading storage). Pages are kept per working
/// set and catalog version; reads run on `reads`, off the HTTP threads.
package struct GridRoutes: Sendable {
    package struct PageKey: Hashable, Sendable {
        var workingSet: String
        var offset: Int
        var limit: Int
        var withPaths: Bool
    }

    package let storage: any CatalogStorage
    package let catalog: CatalogMirror
    package let pages: PageCache<PageKey>
    package let maxPageSize: Int
    package let reads: DispatchQueue
    package let log: Logger

    package init(
        storage: any CatalogStorage, catalog: CatalogMirror, pages: PageCache<PageKey> = PageCache(), maxPageSize: Int,
        reads: DispatchQueue, log: Logger
    ) {
        self.storage = storage
        self.catalog = catalog
        self.pages = pages
        self.maxPageSize = maxPageSize
        self.reads = reads
        self.log = log
    }

    package func page(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let query = request.http.query
        let limit = try PageQuery(query, maxLimit: maxPageSize).limit
        var offset = 0
        if let text = query["offset"] {
            guard let value = Int(text), (0...ImageRoutes.maxOffset).contains(value) else {
                throw Problem.invalid("offset", "offset must be an integer from 0 to \(ImageRoutes.maxOffset), not \"\(text.prefix(40))\"")
            }
            offset = value
        }
        guard query["after"] == nil else { throw Problem.invalid("after", "a grid pages by offset, not after") }
        guard let session = request.session.snapshot else { throw SessionRequest.endedProblem }
        let grid = try SessionRoutes.grid(in: session, window: query["window"])
        // The version first: a set built after it is as new as the values read under it.
        let version = catalog.committedVersion
        let workingSet = catalog.workingSet(of: grid, in: session)
        let setTag = workingSet.tag
        // An admin's page carries paths: its own tag, its own kept bytes.
        let withPaths = request.session.principal.role.seesPaths
        let tag = EntityTag("g" + setTag + "-" + String(version) + (withPaths ? "-p" : ""))
        if tag.isMatched(byIfNoneMatch: request.http.header("if-none-match")) { return respond(tag.notModified) }
        let key = PageKey(workingSet: setTag, offset: offset, limit: limit, withPaths: withPaths)
        if let body = pages.page(key, at: version) { return respond(Self.response(body, tag)) }
        let ids = workingSet.ids(from: offset, limit: limit)
        let (storage, pages, log, start) = (storage, pages, log, offset)
        reads.async {
            do {
                let body = GridPageBody(images: try storage.images(ids: ids), total: workingSet.count, offset: start, withPaths: withPaths).encoded()
                pages.keep(body, for: key, at: version)
                respond(Self.response(body, tag))
            } catch {
                respond(Problem.storage(error, log: log).response)
            }
        }
    }

    private static func response(_ body: [UInt8], _ tag: EntityTag) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [HTTPResponse.Header(name: "Content-Type", value: "application/json; charset=utf-8"), tag.header], body: body)
    }
}
