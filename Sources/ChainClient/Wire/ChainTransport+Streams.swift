import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ChainTransport {
    /// Opens an event stream: `request`'s body as chunks, through the shared session.
    ///
    /// On Linux it first makes sure an idle, established connection waits in the pool, so the
    /// stream reuses it rather than connecting. FoundationNetworking (swift-corelibs-foundation,
    /// libcurl underneath) adds a dispatch source for each readiness libcurl asks about and
    /// removes none until the transfer ends: a connection opened by the stream asks for write
    /// readiness while it connects, keeps that source, and the always-writable socket then
    /// fires it without a pause for as long as the stream lives: a core spent polling libcurl
    /// (2.9 s of CPU in 3 s idle, 2.8–8 ms per remote-handler call in `make bench-client`), on
    /// the session's serial queue, where the stream's chunks and every request wait their turn
    /// behind it (issue 33). A connection an earlier request opened comes with no sources, and
    /// the stream, sending its request at once, asks for read readiness only.
    func openStream(_ request: URLRequest) async -> AsyncThrowingStream<Data, any Error> {
        #if canImport(FoundationNetworking)
        await establishConnection()
        #endif
        return EventConnection.open(request, on: session, router: router)
    }

    /// `GET /healthz`, its answer ignored: leaves a kept-alive connection in the pool (an
    /// unreachable server shows up on the stream's own request).
    private func establishConnection() async {
        guard let probe = try? request("GET", "/healthz", token: nil) else { return }
        _ = try? await send(probe)
    }
}
