import ChainHTTP
import ChainModel
import ChainService

extension HTTPResponse {
    package static func json(_ status: Int, _ body: some WireObject) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: body.encoded())
    }
}
