import ChainSupport

#if canImport(Glibc)
import Glibc
#endif

/// The time of a log line, `2026-11-23T07:41:13.735Z` (ISO 8601, UTC, milliseconds), made
/// without Foundation's formatter: the part up to the seconds is formatted once per second.
package final class LogClock: Sendable {
    private let cached = Lock<(second: Int, text: [UInt8])>((-1, []))

    package init() {}

    /// Appends the time now to `line`, copying the cached second and adding the milliseconds.
    package func write(to line: inout [UInt8]) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let second = Int(time.tv_sec)
        cached.withLock { cache in
            if cache.second != second { cache = (second, Array(Self.format(second).utf8)) }
            line.append(contentsOf: cache.text)
        }
        let milliseconds = Int(time.tv_nsec) / 1_000_000
        line.append(UInt8(ascii: "."))
        line.append(UInt8(ascii: "0") + UInt8(milliseconds / 100))
        line.append(UInt8(ascii: "0") + UInt8(milliseconds / 10 % 10))
        line.append(UInt8(ascii: "0") + UInt8(milliseconds % 10))
        line.append(UInt8(ascii: "Z"))
    }

    /// `YYYY-MM-DDTHH:MM:SS` of a Unix second, in UTC.
    package static func format(_ second: Int) -> String {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let date = [(Int(parts.tm_year) + 1900, 4), (Int(parts.tm_mon) + 1, 2), (Int(parts.tm_mday), 2)]
        let time = [(Int(parts.tm_hour), 2), (Int(parts.tm_min), 2), (Int(parts.tm_sec), 2)]
        return date.map { String(zeroPadded: $0.0, width: $0.1) }.joined(separator: "-") + "T"
            + time.map { String(zeroPadded: $0.0, width: $0.1) }.joined(separator: ":")
    }

    /// Milliseconds since 1970, UTC, now.
    package static func milliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ` (RFC 3339, UTC) of milliseconds since 1970.
    package static func format(milliseconds: Int64) -> String {
        let (second, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (whole, part) = millisecond < 0 ? (second - 1, millisecond + 1000) : (second, millisecond)
        return format(Int(whole)) + "." + String(zeroPadded: Int(part), width: 3) + "Z"
    }
}
