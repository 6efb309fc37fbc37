import ChainHTTP
import ChainModel
import ChainPictures
import ChainService
import ChainStorage
import Dispatch

/// `GET /v1/images/{id}/preview?size=` (a JPEG for a screen, its long edge at most `size`) and
/// `GET /v1/images/{id}/region?x=&y=&w=&h=` (a 1:1 crop of the upright picture). The lookup,
/// the tag and a cached picture are answered on `reads`; one still to be made goes to the
/// picture workers. A preview's size is remembered for the session that asked
/// (`PreviewPrefetch`), so the images around its viewer are made at it ahead.
package struct PreviewRoutes: Sendable {
    package let storage: any CatalogStorage
    package let previews: Previews
    package let prefetch: PreviewPrefetch
    package let reads: DispatchQueue
    package let log: Logger

    package init(storage: any CatalogStorage, previews: Previews, prefetch: PreviewPrefetch, reads: DispatchQueue, log: Logger) {
        self.storage = storage
        self.previews = previews
        self.prefetch = prefetch
        self.reads = reads
        self.log = log
    }

    package func preview(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let id = try Self.image(request.route)
        let size = try Self.size(request.http.query["size"])
        prefetch.asked(size: size, by: request.session.id)
        serve(id, request.route, respond) { path, previews in
            let version = try Previews.version(id, file: path, size: size)
            return (version, { completion in previews.preview(id, file: path, size: size, version: version, completion: completion) })
        }
    }

    package func region(_ request: RouteRequest, _ respond: Route.Respond) throws {
        let id = try Self.image(request)
        let asked = try Self.rectangle(request.http.query)
        serve(id, request, respond) { path, previews in
            guard let (width, height) = try previews.uprightSize(ofFile: path) else {
                throw Problem(.notFound, "image \(id) has no regions to give")
            }
            guard asked.x + asked.width <= width, asked.y + asked.height <= height else {
                throw Problem(.invalidArgument, "the region \(asked.width) × \(asked.height) at (\(asked.x), \(asked.y)) is not inside the \(width) × \(height) picture", [
                    (key: "field", value: .string(asked.x + asked.width > width ? "w" : "h")),
                    (key: "width", value: .number(Double(width))), (key: "height", value: .number(Double(height))),
                ])
            }
            let version = try Previews.version(id, file: path, region: asked)
            return (version, { completion in previews.region(id, file: path, region: asked, version: version, completion: completion) })
        }
    }

    private typealias Make = @Sendable (@escaping @Sendable (Result<Thumbnail, PictureError>) -> Void) -> Bool

    /// Looks the picture up on `reads`, answers 304 for a current tag, else the picture from
    /// the cache or the workers (503 when they are full).
    private func serve(
        _ id: ImageID, _ request: RouteRequest, _ respond: Route.Respond,
        _ prepare: @escaping @Sendable (_ path: String, _ previews: Previews) throws -> (version: String, make: Make)
    ) {
        let ifNoneMatch = request.http.header("if-none-match")
        let (storage, previews, log) = (storage, previews, log)
        reads.async {
            do {
                let (version, make) = try prepare(try ThumbnailRoutes.picturePath(of: id, in: storage), previews)
                let tag = EntityTag(version)
                if tag.isMatched(byIfNoneMatch: ifNoneMatch) {
                    return respond(tag.notModified(cacheControl: ThumbnailRoutes.cacheControl))
                }
                if !make(ThumbnailRoutes.answer(id, log: log, respond)) { respond(ThumbnailRoutes.busy(previews.workers.maxQueued).response) }
            } catch {
                respond(ThumbnailRoutes.failed(id, error, log: log))
            }
        }
    }

    private static func image(_ request: RouteRequest) throws -> ImageID {
        let text = request.parameters["id"] ?? ""
        guard let id = ImageID(text) else { throw ImageRoutes.notFound(text) }
        return id
    }

    /// `size`: 2048 when absent, else an integer in 512…4096.
    package static func size(_ text: String?) throws(Problem) -> Int {
        guard let text else { return Previews.defaultSize }
        guard let number = Int(text), Previews.sizeRange.contains(number) else {
            throw Problem.invalid("size", "size must be an integer from 512 to 4096, not \"\(text.prefix(40))\"")
        }
        return number
    }

    /// `x`, `y` (0 or more) and `w`, `h` (1 to 4096), each required.
    package static func rectangle(_ query: [String: String]) throws(Problem) -> Previews.Rectangle {
        func number(_ name: String, _ range: ClosedRange<Int>) throws(Problem) -> Int {
            guard let text = query[name] else { throw Problem.invalid(name, "\(name) is required") }
            guard let number = Int(text), range.contains(number) else {
                throw Problem.invalid(name, "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound), not \"\(text.prefix(40))\"")
            }
            return number
        }
        let side = 1...Previews.maxRegionSide
        return Previews.Rectangle(
            x: try number("x", 0...1_000_000), y: try number("y", 0...1_000_000), width: try number("w", side), height: try number("h", side))
    }
}
