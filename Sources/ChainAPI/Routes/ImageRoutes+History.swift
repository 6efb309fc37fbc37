import ChainHTTP
import ChainModel
import ChainService
import ChainStorage

extension ImageRoutes {
    /// `GET /v1/images/{id}/history?limit=&after=`: the image's history newest first, paged
    /// by an opaque cursor (`HistoryCursor`).
    package func history(_ request: RouteRequest, _ respond: Route.Respond) throws {
        let text = request.parameters["id"] ?? ""
        guard let id = ImageID(text) else { throw Self.notFound(text) }
        let (limit, before) = try Self.historyPage(request.http.query, maxPageSize: maxPageSize)
        let (storage, log) = (storage, log)
        reads.async {
            do {
                guard try storage.image(id) != nil else { throw Self.notFound(id.description) }
                let found = try storage.history(of: id, limit: limit + 1, before: before)
                let entries = Array(found.prefix(limit))
                let next = found.count > limit ? entries.last.map { HistoryCursor.text($0.serial) } : nil
                respond(.json(200, HistoryPageBody(entries: entries, next: next)))
            } catch let problem as Problem {
                respond(problem.response)
            } catch {
                respond(Problem.storage(error, log: log).response)
            }
        }
    }

    /// `limit` (as every list reads it) and the entry serial `after` names.
    private static func historyPage(_ query: [String: String], maxPageSize: Int) throws(Problem) -> (limit: Int, before: Int64?) {
        var limit = min(PageQuery.defaultLimit, maxPageSize)
        if let text = query["limit"] {
            guard let value = PageQuery.positiveInteger(text) else {
                throw Problem.invalid("limit", "limit must be a positive integer, not \"\(text.prefix(40))\"")
            }
            limit = min(value, maxPageSize)
        }
        guard let text = query["after"] else { return (limit, nil) }
        guard let serial = HistoryCursor.serial(text) else {
            throw Problem.invalid("after", "after must be the next cursor of an earlier page, not \"\(text.prefix(40))\"")
        }
        return (limit, serial)
    }
}
