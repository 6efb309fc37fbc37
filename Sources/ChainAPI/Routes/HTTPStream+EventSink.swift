import ChainHTTP
import ChainService

/// An event stream is an HTTP stream: `LiveEvents` writes frames, libmicrohttpd sends them.
extension HTTPStream: EventSink {}
