import ChainModel
import ChainService
import ChainSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Batched log writes through a real pipe, and the log line's timestamp.
@Suite struct LogBufferTests {
    /// A pipe whose read end does not block; both ends close with it.
    final class NonBlockingPipe {
        let readEnd: Int32
        let writeEnd: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            (readEnd, writeEnd) = (ends[0], ends[1])
            _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }
    }

    /// What has arrived on the pipe's read end so far (non-blocking).
    static func drain(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func linesWaitForTheIntervalUnlessUrgentAndKeepTheirOrder() async throws {
        let ends = try NonBlockingPipe()
        let buffer = LogBuffer(descriptor: ends.writeEnd, interval: .seconds(30))

        buffer.append(Array("one".utf8), urgent: false)
        buffer.append(Array("two".utf8), urgent: false)
        #expect(Self.drain(ends.readEnd) == "", "held until a flush")
        buffer.append(Array("three".utf8), urgent: true)
        #expect(Self.drain(ends.readEnd) == "one\ntwo\nthree\n")
        buffer.append(Array("four".utf8), urgent: false)
        buffer.flush()
        #expect(Self.drain(ends.readEnd) == "four\n")
    }

    @Test func theTimerFlushes() async throws {
        let ends = try NonBlockingPipe()
        let buffer = LogBuffer(descriptor: ends.writeEnd, interval: .milliseconds(20))
        buffer.append(Array("later".utf8), urgent: false)
        var seen = ""
        for _ in 0..<250 where seen.isEmpty {
            try await Task.sleep(for: .milliseconds(20))
            seen = Self.drain(ends.readEnd)
        }
        #expect(seen == "later\n")
    }

    @Test func aLoggerWritesJSONLinesWithAnISO8601Time() throws {
        let ends = try NonBlockingPipe()
        let buffer = LogBuffer(descriptor: ends.writeEnd, interval: .seconds(30))
        let log = Logger(level: .info, buffer: buffer)
        log.log(.debug, "hidden")
        log.log(.info, "request", [(key: "status", value: .number(200))])
        log.log(.warning, "odd")
        let lines = Self.drain(ends.readEnd).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix(#""level":"info","event":"request","status":200}"#), "\(lines[0])")
        let time = try #require(lines[0].split(separator: "\"").dropFirst(3).first)
        #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
    }

    @Test func aRequestLineCarriesItsFieldsAndTheDurationToTheMicrosecond() throws {
        let ends = try NonBlockingPipe()
        let buffer = LogBuffer(descriptor: ends.writeEnd, interval: .seconds(30))
        let log = Logger(level: .info, buffer: buffer)
        log.request(.info, method: "GET", route: "/v1/sessions/{id}/menu", status: 200, microseconds: 34, session: "abc")
        log.request(.info, method: "POST", route: "/v1/sessions", status: 201, microseconds: 12_000, session: nil)
        log.request(.error, method: "GET", route: "unmatched", status: 500, microseconds: 1_500, session: nil)
        let lines = Self.drain(ends.readEnd).split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0].hasSuffix(#""level":"info","event":"request","method":"GET","route":"/v1/sessions/{id}/menu","status":200,"durationMs":0.034,"session":"abc"}"#), "\(lines[0])")
        #expect(lines[1].hasSuffix(#""status":201,"durationMs":12,"session":null}"#), "\(lines[1])")
        #expect(lines[2].contains(#""level":"error""#) && lines[2].contains(#""durationMs":1.5,"#), "\(lines[2])")
        for line in lines { #expect((try? JSONParser.parse(Array(line.utf8), maxDepth: 4)) != nil, "\(line)") }
    }

    @Test func theClockFormatsUTC() {
        #expect(LogClock.format(1_709_370_000) == "2024-03-02T09:00:00")
        #expect(LogClock.format(0) == "1970-01-01T00:00:00")
        #expect(LogClock.format(1_795_392_000) == "2026-11-23T00:00:00")
        #expect(String(zeroPadded: 7, width: 3) == "007")
        #expect(String(zeroPadded: 1234, width: 3) == "1234")
    }
}
