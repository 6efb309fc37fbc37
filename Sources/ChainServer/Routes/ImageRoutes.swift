import ChainModel

/// The catalog, paged by id. Reads run on the service's read queue, not on HTTP threads.
enum ImageRoutes {
    static let defaultPageSize = 100

    static let list: Route.Handler = { request, respond in
        let query = request.http.query
        let cap = request.service.configuration.maxPageSize
        var limit = min(defaultPageSize, cap)
        if let text = query["limit"] {
            guard let value = Int(text), value >= 1 else { throw Problem.invalid("limit", "limit must be a positive integer, not \"\(text.prefix(40))\"") }
            limit = min(value, cap)
        }
        var after: ImageID?
        if let text = query["after"] {
            guard let id = ImageID(text) else { throw Problem.invalid("after", "after must be an image id cursor like \"img-100\", not \"\(text.prefix(40))\"") }
            after = id
        }
        var minRating: Rating?
        if let text = query["minRating"] {
            guard let value = Int(text), let rating = Rating(value) else {
                throw Problem.invalid("minRating", "minRating must be an integer from 0 to 5, not \"\(text.prefix(40))\"")
            }
            minRating = rating
        }
        let service = request.service
        let (pageSize, cursor, floor) = (limit, after, minRating)
        service.reads.async {
            do {
                let page = try service.store.images(after: cursor, limit: pageSize + 1, minRating: floor)
                let images = page.prefix(pageSize)
                let next: JSON = page.count > pageSize ? .string(images.last!.id.description) : .null
                respond(.json(200, .object([
                    (key: "images", value: .array(images.map(WireFormat.image))),
                    (key: "next", value: next),
                    (key: "limit", value: .number(Double(pageSize))),
                ])))
            } catch {
                respond(Problem.storage(error, log: service.log).response)
            }
        }
    }

    static let show: Route.Handler = { request, respond in
        let text = request.parameters["id"] ?? ""
        guard let id = ImageID(text) else { throw Problem(.notFound, "no image \"\(text.prefix(80))\"", [(key: "name", value: .string(String(text.prefix(80))))]) }
        let service = request.service
        service.reads.async {
            do {
                guard let image = try service.store.image(id) else {
                    respond(Problem(.notFound, "no image \"\(id)\"", [(key: "name", value: .string(id.description))]).response)
                    return
                }
                respond(.json(200, WireFormat.image(image)))
            } catch {
                respond(Problem.storage(error, log: service.log).response)
            }
        }
    }
}
