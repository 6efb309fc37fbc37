import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens a client's event streams: on a URLSession of their own, one at a time, each on a
/// connection a request has just established.
///
/// FoundationNetworking (swift-corelibs-foundation, libcurl underneath) adds a dispatch source
/// for each readiness libcurl asks about and removes none until the transfer ends. A
/// connection the stream opened itself keeps the write source it needed while connecting, and
/// the always-writable socket then fires it without a pause for as long as the stream lives:
/// a core spent polling libcurl (2.9 s of CPU in 3 s idle, 2–8 ms per remote-handler call in
/// `make bench-client`), on the queue where the stream's chunks wait their turn behind it
/// (issue 33). A kept-alive connection an earlier request opened carries no sources, and the
/// stream, sending its request at once, asks for read readiness only.
///
/// So each stream is preceded by `GET /healthz` on the streams' own session, which leaves
/// one idle connection in that session's pool; the stream's request takes it. Nothing else
/// uses that session, and the next stream's turn starts only once this stream's answer has
/// come (its connection is then in use), so no other request can take the connection meant
/// for a stream, even while commands flow and a dropped stream reconnects.
final class StreamOpener: Sendable {
    private let session: URLSession
    private let router = StreamRouter()
    private let turn = OpeningTurn()
    /// `GET /healthz`: establishes the connection.
    private let probe: URLRequest

    init(baseURL: URL, configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
        probe = URLRequest(url: baseURL.appendingPathComponent("healthz"))
    }

    /// `request`'s body as chunks (see `EventConnection`).
    func open(_ request: URLRequest) async -> AsyncThrowingStream<Data, any Error> {
        #if canImport(FoundationNetworking)
        await turn.begin()
        _ = try? await session.data(for: probe)  // an unreachable server shows on the stream's own request
        let answered = OnceSignal()
        let stream = EventConnection.open(request, on: session, router: router, answered: answered.fire)
        await answered.wait()
        await turn.end()
        return stream
        #else
        return EventConnection.open(request, on: session, router: router, answered: {})
        #endif
    }

    deinit {
        session.invalidateAndCancel()
    }
}
