import ChainHTTP
import ChainModel
import ChainService
import ChainStorage
import Dispatch

/// The catalog, paged by id and filtered by attribute. Reads run on `reads`, off the HTTP
/// threads.
package struct ImageRoutes: Sendable {
    /// The largest `offset` a page may start at.
    package static let maxOffset = 100_000_000

    package let storage: any CatalogStorage
    /// The catalog's image count, for `total` of an unfiltered list.
    package let imageCount: @Sendable () -> Int
    /// The committed catalog version: a kept page is served while it has not moved.
    package let catalogVersion: @Sendable () -> UInt64
    package let pages: ImagePageCache
    package let maxPageSize: Int
    package let reads: DispatchQueue
    package let log: Logger

    package init(
        storage: any CatalogStorage, imageCount: @escaping @Sendable () -> Int,
        catalogVersion: @escaping @Sendable () -> UInt64, pages: ImagePageCache, maxPageSize: Int, reads: DispatchQueue,
        log: Logger
    ) {
        self.storage = storage
        self.imageCount = imageCount
        self.catalogVersion = catalogVersion
        self.pages = pages
        self.maxPageSize = maxPageSize
        self.reads = reads
        self.log = log
    }

    /// `GET /v1/images?limit=&after=&offset=&minRating=&rating=&label=&flag=`.
    package func list(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let page = try PageQuery(request.http.query, maxLimit: maxPageSize)
        var filters = ImageQuery(after: page.after, limit: page.limit + 1)
        if let text = request.http.query["offset"] {
            guard let value = Int(text), (0...Self.maxOffset).contains(value) else {
                throw Problem.invalid("offset", "offset must be an integer from 0 to \(Self.maxOffset), not \"\(text.prefix(40))\"")
            }
            guard page.after == nil else {
                throw Problem.invalid("offset", "offset and after cannot be combined: page by one or the other")
            }
            filters.offset = value
        }
        if let text = request.http.query["minRating"] {
            guard let value = Int(text), let rating = Rating(value) else {
                throw Problem.invalid("minRating", "minRating must be an integer from 0 to 5, not \"\(text.prefix(40))\"")
            }
            filters.minRating = rating
        }
        for attribute in Attribute.all {
            guard let text = request.http.query[attribute.name] else { continue }
            guard let code = attribute.code(named: text) else {
                throw Problem.invalid(attribute.name, "\(attribute.name) must be one of \(attribute.valueNames.joined(separator: ", ")), not \"\(text.prefix(40))\"")
            }
            filters.equals[attribute] = code
        }
        let (storage, log, limit, query) = (storage, log, page.limit, filters)
        let withPaths = request.session.principal.role.seesPaths
        let key = ImagePageKey(query: query, withPaths: withPaths)
        let total = query.minRating == nil && query.equals.attributes.isEmpty ? imageCount() : nil
        if let total, query.offset >= total, query.offset > 0 {
            // Past the end: nothing to read, and no reader held while SQLite steps to it.
            return respond(.json(200, PageBody(name: "images", items: [ImageBody](), next: nil, limit: limit, total: total)))
        }
        let (pages, version) = (pages, catalogVersion())
        if let body = pages.page(key, at: version) { return respond(Self.page(body)) }
        reads.async {
            do {
                let found = try storage.images(query)
                let images = Array(found.prefix(limit))
                let next = found.count > limit ? images.last?.id : nil
                let body = PageBody(name: "images", items: images.map { ImageBody(image: $0, withPath: withPaths) }, next: next, limit: limit, total: total).encoded()
                pages.keep(body, for: key, at: version)
                respond(Self.page(body))
            } catch {
                respond(Problem.storage(error, log: log).response)
            }
        }
    }

    private static func page(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: body)
    }

    package func show(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let text = request.route.parameters["id"] ?? ""
        guard let id = ImageID(text) else { throw Self.notFound(text) }
        let (storage, log, withPath) = (storage, log, request.session.principal.role.seesPaths)
        reads.async {
            do {
                guard let image = try storage.image(id) else { throw Self.notFound(id.description) }
                respond(.json(200, ImageBody(image: image, withPath: withPath)))
            } catch let problem as Problem {
                respond(problem.response)
            } catch {
                respond(Problem.storage(error, log: log).response)
            }
        }
    }

    /// No image by this name: the 404 of every route under `/v1/images/{id}`.
    package static func notFound(_ name: String) -> Problem {
        Problem(.notFound, "no image \"\(name.prefix(80))\"", [(key: "name", value: .string(String(name.prefix(80))))])
    }
}
