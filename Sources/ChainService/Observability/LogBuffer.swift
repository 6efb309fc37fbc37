import ChainSupport
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Log lines gathered in memory and written to a file descriptor in batches: one `write(2)`
/// per `interval` (or per 64 KiB) instead of one per request. `flush()` writes what is held
/// at once; the server calls it for warnings and errors, and before it exits.
package final class LogBuffer: Sendable {
    package static let flushBytes = 64 << 10

    private let descriptor: Int32
    private let pending = Lock<[UInt8]>([])
    /// Held while a batch is written, so batches reach the file in order while requests go
    /// on appending to the next one.
    private let writing = Lock<[UInt8]>([])

    package init(descriptor: Int32 = STDERR_FILENO, interval: Duration = .milliseconds(100)) {
        self.descriptor = descriptor
        Self.flushEvery(interval, self)
    }

    /// Flushes every `interval` for as long as `buffer` exists.
    private static func flushEvery(_ interval: Duration, _ buffer: LogBuffer) {
        DispatchQueue.global().asyncAfter(deadline: .now() + interval.dispatchInterval) { [weak buffer] in
            guard let buffer else { return }
            buffer.flush()
            flushEvery(interval, buffer)
        }
    }

    /// Holds `line`'s bytes (a newline is added); writes at once when `urgent` or when 64 KiB
    /// are held.
    package func append(_ line: [UInt8], urgent: Bool) {
        let full = pending.withLock { bytes in
            bytes.append(contentsOf: line)
            bytes.append(0x0A)
            return bytes.count >= Self.flushBytes
        }
        if urgent || full { flush() }
    }

    /// Writes everything held, in order. The batch is taken out of `pending` first, so
    /// appending never waits on the write itself.
    package func flush() {
        writing.withLock { batch in
            pending.withLock { swap(&$0, &batch) }
            guard !batch.isEmpty else { return }
            batch.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        break  // stderr closed or full: logs are best effort
                    }
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
