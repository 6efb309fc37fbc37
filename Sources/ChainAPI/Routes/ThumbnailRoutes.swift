import ChainHTTP
import ChainModel
import ChainPictures
import ChainService
import ChainStorage
import Dispatch

/// `GET /v1/images/{id}/thumbnail?size=`: a JPEG at most `size` pixels on its long edge. The
/// lookup and a cached file are answered on `reads`; a thumbnail still to be made goes to
/// the thumbnail workers.
package struct ThumbnailRoutes: Sendable {
    /// Browsers may keep a thumbnail an hour; after that `If-None-Match` revalidates it.
    package static let cacheControl = "private, max-age=3600"

    package let storage: any CatalogStorage
    package let thumbnails: Thumbnails
    package let reads: DispatchQueue
    package let log: Logger

    package init(storage: any CatalogStorage, thumbnails: Thumbnails, reads: DispatchQueue, log: Logger) {
        self.storage = storage
        self.thumbnails = thumbnails
        self.reads = reads
        self.log = log
    }

    package func thumbnail(_ request: RouteRequest, _ respond: Route.Respond) throws {
        let text = request.parameters["id"] ?? ""
        guard let id = ImageID(text) else { throw ImageRoutes.notFound(text) }
        let size = try Self.size(request.http.query["size"])
        let ifNoneMatch = request.http.header("if-none-match")
        let (storage, thumbnails, log) = (storage, thumbnails, log)
        reads.async {
            do {
                let path = try Self.picturePath(of: id, in: storage)
                let cached = try thumbnails.cached(id, file: path, size: size)
                let tag = EntityTag(cached.version)
                if tag.isMatched(byIfNoneMatch: ifNoneMatch) { return respond(tag.notModified(cacheControl: Self.cacheControl)) }
                if let bytes = cached.bytes { return respond(Self.jpeg(Thumbnail(bytes: bytes, version: cached.version))) }
                let accepted = thumbnails.thumbnail(id, file: path, size: size, completion: Self.answer(id, log: log, respond))
                if !accepted { respond(Self.busy(thumbnails.maxQueued).response) }
            } catch {
                respond(Self.failed(id, error, log: log))
            }
        }
    }

    /// The picture file of image `id`, or the 404 saying there is none.
    package static func picturePath(of id: ImageID, in storage: any CatalogStorage) throws -> String {
        guard let image = try storage.image(id) else { throw ImageRoutes.notFound(id.description) }
        guard let path = image.path else {
            throw Problem(.notFound, "image \(id) has no picture file", [(key: "image", value: .string(id.description))])
        }
        return path
    }

    /// The answer to what went wrong while a picture of image `id` was looked up or read.
    package static func failed(_ id: ImageID, _ error: any Error, log: Logger) -> HTTPResponse {
        switch error {
        case let error as PictureError: unreadable(id, error, log: log).response
        case let problem as Problem: problem.response
        default: Problem.storage(error, log: log).response
        }
    }

    /// `size`: 256 when absent, else an integer in 128…1024.
    package static func size(_ text: String?) throws(Problem) -> Int {
        guard let text else { return Thumbnails.defaultSize }
        guard let number = Int(text), Thumbnails.sizeRange.contains(number) else {
            throw Problem.invalid("size", "size must be an integer from 128 to 1024, not \"\(text.prefix(40))\"")
        }
        return number
    }

    /// A picture that cannot be read: one warning line, and a 404 saying why.
    package static func unreadable(_ id: ImageID, _ error: PictureError, log: Logger) -> Problem {
        log.log(.warning, "thumbnail.unreadable", [
            (key: "image", value: .string(id.description)), (key: "reason", value: .string(error.reason)),
        ])
        return Problem(.notFound, "image \(id) has no readable picture: \(error.reason.prefix(200))", [
            (key: "image", value: .string(id.description)),
        ])
    }

    /// Every worker has `maxQueued` thumbnails to make already: ask again in a second.
    package static func busy(_ maxQueued: Int) -> Problem {
        var problem = Problem(.thumbnailsBusy, "\(maxQueued) thumbnails are waiting to be made; ask again shortly")
        problem.headers = [HTTPResponse.Header(name: "Retry-After", value: "1")]
        return problem
    }

    package static func jpeg(_ thumbnail: Thumbnail) -> HTTPResponse {
        var response = HTTPResponse(status: 200, contentType: "image/jpeg", body: thumbnail.bytes)
        response.headers += [EntityTag(thumbnail.version).header, HTTPResponse.Header(name: "Cache-Control", value: cacheControl)]
        return response
    }

    /// Answers a picture made on the workers: the JPEG, or the 404 of an unreadable file.
    package static func answer(_ id: ImageID, log: Logger, _ respond: Route.Respond)
        -> @Sendable (Result<Thumbnail, PictureError>) -> Void
    {
        { result in
            switch result {
            case .success(let thumbnail): respond(jpeg(thumbnail))
            case .failure(let error): respond(unreadable(id, error, log: log).response)
            }
        }
    }
}
