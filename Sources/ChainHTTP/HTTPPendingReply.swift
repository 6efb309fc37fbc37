internal import CMicroHTTPD
import ChainSupport

/// The answer slot of one request that was handed to the handler. `respond` closures hold it,
/// so it is the only per-request object another thread touches; every transition of
/// `HTTPReplyState` happens under its lock.
package final class HTTPPendingReply: Sendable {
    private let connection: HTTPConnectionHandle
    private let state = Lock(HTTPReplyState.handling)

    package init(connection: HTTPConnectionHandle) {
        self.connection = connection
    }

    /// Called on the libmicrohttpd thread once `handle` returns. If no answer is ready the
    /// connection is suspended while the lock is held, so a concurrent `respond` either was
    /// seen here or will see `.suspended` and resume. Returns `.queue`, `.close`, or `.none`
    /// (suspended: wait for the resume).
    package func handlerReturned() -> HTTPReplyState.Action {
        state.withLock { state in
            let action = state.handlerReturned()
            guard action == .suspend else { return action }
            MHD_suspend_connection(connection.pointer)
            return .none
        }
    }

    /// Stores the handler's answer from any thread; a second answer is ignored.
    ///
    /// The resume is made while still holding the lock (rather than just after releasing it)
    /// so that `abandon()`, which takes the same lock during shutdown, can never be followed
    /// by `MHD_stop_daemon` while a resume on this connection is still in progress.
    package func respond(_ response: HTTPResponse) {
        state.withLock { state in
            if state.respond(response) == .resume {
                MHD_resume_connection(connection.pointer)
            }
        }
    }

    /// Called on the libmicrohttpd thread when it runs the access handler after a resume.
    /// Returns `.queue` with the stored answer, `.close`, or `.none`.
    package func connectionResumed() -> HTTPReplyState.Action {
        state.withLock { $0.connectionResumed() }
    }

    /// Gives up waiting for the handler during shutdown, resuming a parked connection so that
    /// libmicrohttpd can close it; a later `respond` is ignored.
    package func abandon() {
        state.withLock { state in
            if state.abandon() == .resume {
                MHD_resume_connection(connection.pointer)
            }
        }
    }
}
