import ChainSupport
import Foundation

/// Counters and histograms in the Prometheus text format: requests by route and status,
/// latency by route, commands by action and outcome, catalog commits and their sizes.
package final class Metrics: Sendable {
    package static let latencyBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]
    package static let batchBuckets: [Double] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]

    package struct Histogram {
        package var buckets: [Int]
        package var count = 0
        package var sum = 0.0

        package init(bounds: [Double]) { buckets = Array(repeating: 0, count: bounds.count) }

        package mutating func observe(_ value: Double, bounds: [Double]) {
            for (index, bound) in bounds.enumerated() where value <= bound { buckets[index] += 1 }
            count += 1
            sum += value
        }
    }

    /// A series' label values, in order: a plain value key, so counting a request allocates
    /// nothing (an array key would allocate on every request).
    package struct Labels: Hashable, Comparable {
        package var first: String
        package var second: String
        package var third = ""

        package subscript(index: Int) -> String { [first, second, third][index] }

        package static func < (a: Labels, b: Labels) -> Bool {
            (a.first, a.second, a.third) < (b.first, b.second, b.third)
        }
    }

    private struct State {
        var requests: [Labels: Int] = [:]  // route, method, status
        var latency: [Labels: Histogram] = [:]  // route, status
        var commands: [Labels: Int] = [:]  // action, outcome
        var commits = 0
        var conflicts = 0
        var followed = 0
        var committedRows = 0
        var commitBatches = Histogram(bounds: Metrics.batchBuckets)
        var fanout = Histogram(bounds: Metrics.fanoutBuckets)
        var fanoutSessions = 0
        var menuFlush = Histogram(bounds: Metrics.fanoutBuckets)
        var broadcast = Histogram(bounds: Metrics.fanoutBuckets)
        var broadcastListeners = 0
        var menusValidated = 0
        var streamsStalled = 0
        var pictureLog: [Labels: Int] = [:]  // domain, level
        var previews: [Labels: Int] = [:]  // kind, outcome
        var sidecarsWritten = 0
        var sidecarsFailed = 0
    }

    package static let fanoutBuckets: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05]

    private let state = Lock(State())

    package init() {}

    package func recordRequest(route: String, method: String, status: Int, seconds: Double) {
        state.withLock { state in
            let code = String(status)
            state.requests[Labels(first: route, second: method, third: code), default: 0] += 1
            state.latency[Labels(first: route, second: code), default: Histogram(bounds: Self.latencyBuckets)].observe(seconds, bounds: Self.latencyBuckets)
        }
    }

    package func recordCommand(action: String, outcome: String) {
        state.withLock { $0.commands[Labels(first: action, second: outcome), default: 0] += 1 }
    }

    /// Event streams cut because their clients took none of what waited for them.
    package func recordStalledStreams(_ count: Int) {
        state.withLock { $0.streamsStalled += count }
    }

    /// An XMP sidecar written after a commit, or one that could not be (`SidecarWriter`).
    package func recordSidecar(written: Bool) {
        state.withLock { written ? ($0.sidecarsWritten += 1) : ($0.sidecarsFailed += 1) }
    }

    /// A message libvips or GLib logged while a picture was read or made (`PictureLog`).
    package func recordPictureLog(domain: String, level: String) {
        state.withLock { $0.pictureLog[Labels(first: domain, second: level), default: 0] += 1 }
    }

    /// A command's writes refused for another instance's write, and walked again.
    /// A preview or region served from the cache (`hit`) or made for its request (`miss`), or
    /// what became of a preview made ahead of a viewer (`prefetched`, `prefetch_cached`,
    /// `prefetch_stale`, `prefetch_refused`).
    package func recordPreview(kind: String, outcome: String) {
        state.withLock { $0.previews[Labels(first: kind, second: outcome), default: 0] += 1 }
    }

    package func recordConflict() {
        state.withLock { $0.conflicts += 1 }
    }

    /// Another instance's commit taken into the mirror.
    package func recordFollowed() {
        state.withLock { $0.followed += 1 }
    }

    package func recordCommit(batches: Int, rows: Int) {
        state.withLock { state in
            state.commits += 1
            state.committedRows += rows
            state.commitBatches.observe(Double(batches), bounds: Self.batchBuckets)
        }
    }

    /// One commit's fan-out to the event streams: its time on the events queue, and how many
    /// sessions' menus it had to look at.
    package func recordFanout(seconds: Double, sessions: Int) {
        state.withLock { state in
            state.fanout.observe(seconds, bounds: Self.fanoutBuckets)
            state.fanoutSessions += sessions
        }
    }

    /// One commit's `catalog` event sent to every listening session.
    package func recordBroadcast(seconds: Double, listeners: Int) {
        state.withLock { state in
            state.broadcast.observe(seconds, bounds: Self.fanoutBuckets)
            state.broadcastListeners += listeners
        }
    }

    /// One pass validating the menus commits, commands and handler changes dirtied.
    package func recordMenuFlush(seconds: Double, sessions: Int) {
        state.withLock { state in
            state.menuFlush.observe(seconds, bounds: Self.fanoutBuckets)
            state.menusValidated += sessions
        }
    }

    /// The exposition text; `liveSessions` is read by the caller at scrape time.
    package func render(liveSessions: Int) -> String {
        let state = state.withLock { $0 }
        var lines: [String] = []
        lines += ["# HELP chain_http_requests_total HTTP requests by route, method and status.",
                  "# TYPE chain_http_requests_total counter"]
        for (labels, count) in state.requests.sorted(by: { $0.key < $1.key }) {
            lines.append("chain_http_requests_total{route=\(quoted(labels[0])),method=\(quoted(labels[1])),status=\(quoted(labels[2]))} \(count)")
        }
        lines += ["# HELP chain_http_request_duration_seconds Time from a complete request to its answer, by route and status.",
                  "# TYPE chain_http_request_duration_seconds histogram"]
        for (labels, histogram) in state.latency.sorted(by: { $0.key < $1.key }) {
            lines += render(histogram, name: "chain_http_request_duration_seconds",
                            labels: "route=\(quoted(labels[0])),status=\(quoted(labels[1]))", bounds: Self.latencyBuckets)
        }
        lines += ["# HELP chain_sessions_live Sessions currently live.", "# TYPE chain_sessions_live gauge",
                  "chain_sessions_live \(liveSessions)"]
        lines += ["# HELP chain_commands_total Commands by action and outcome.", "# TYPE chain_commands_total counter"]
        for (labels, count) in state.commands.sorted(by: { $0.key < $1.key }) {
            lines.append("chain_commands_total{action=\(quoted(labels[0])),outcome=\(quoted(labels[1]))} \(count)")
        }
        lines += ["# HELP chain_catalog_commits_total Catalog transactions committed.", "# TYPE chain_catalog_commits_total counter",
                  "chain_catalog_commits_total \(state.commits)",
                  "# HELP chain_catalog_committed_rows_total Rating changes committed.", "# TYPE chain_catalog_committed_rows_total counter",
                  "chain_catalog_committed_rows_total \(state.committedRows)",
                  "# HELP chain_catalog_conflicts_total Command writes refused for another instance's write to their images, and walked again.",
                  "# TYPE chain_catalog_conflicts_total counter", "chain_catalog_conflicts_total \(state.conflicts)",
                  "# HELP chain_catalog_followed_total Other instances' commits taken into this instance's mirror.",
                  "# TYPE chain_catalog_followed_total counter", "chain_catalog_followed_total \(state.followed)",
                  "# HELP chain_catalog_commit_batches Command batches sharing one commit (group commit).",
                  "# TYPE chain_catalog_commit_batches histogram"]
        lines += render(state.commitBatches, name: "chain_catalog_commit_batches", labels: nil, bounds: Self.batchBuckets)
        lines += ["# HELP chain_live_broadcast_seconds CPU time sending one commit's catalog event to every listening session.",
                  "# TYPE chain_live_broadcast_seconds histogram"]
        lines += render(state.broadcast, name: "chain_live_broadcast_seconds", labels: nil, bounds: Self.fanoutBuckets)
        lines += ["# HELP chain_live_broadcast_listeners_total Sessions catalog events were sent to.",
                  "# TYPE chain_live_broadcast_listeners_total counter", "chain_live_broadcast_listeners_total \(state.broadcastListeners)",
                  "# HELP chain_live_streams_stalled_total Event streams cut and closed because their clients took none of what waited for them for events.stallSeconds.",
                  "# TYPE chain_live_streams_stalled_total counter", "chain_live_streams_stalled_total \(state.streamsStalled)",
                  "# HELP chain_picture_log_messages_total Messages libvips and GLib logged while pictures were read or made, by log domain and level.",
                  "# TYPE chain_picture_log_messages_total counter"]
        for (labels, count) in state.pictureLog.sorted(by: { $0.key < $1.key }) {
            lines.append("chain_picture_log_messages_total{domain=\"\(labels.first)\",level=\"\(labels.second)\"} \(count)")
        }
        lines += ["# HELP chain_previews_total Previews and regions by outcome: hit (from the cache), miss (made for the request), and previews made ahead of viewers: prefetched, prefetch_cached (made already), prefetch_stale (no longer wanted), prefetch_refused (background queue full).",
                  "# TYPE chain_previews_total counter"]
        for (labels, count) in state.previews.sorted(by: { $0.key < $1.key }) {
            lines.append("chain_previews_total{kind=\"\(labels.first)\",outcome=\"\(labels.second)\"} \(count)")
        }
        lines += ["# HELP chain_live_fanout_seconds CPU time finding the sessions whose menus one commit may have changed.",
                  "# TYPE chain_live_fanout_seconds histogram"]
        lines += render(state.fanout, name: "chain_live_fanout_seconds", labels: nil, bounds: Self.fanoutBuckets)
        lines += ["# HELP chain_live_fanout_sessions_total Sessions whose menus commits touched (looked at again).",
                  "# TYPE chain_live_fanout_sessions_total counter", "chain_live_fanout_sessions_total \(state.fanoutSessions)",
                  "# HELP chain_live_menu_flush_seconds CPU time one pass validating dirtied menus and sending their differences took.",
                  "# TYPE chain_live_menu_flush_seconds histogram"]
        lines += render(state.menuFlush, name: "chain_live_menu_flush_seconds", labels: nil, bounds: Self.fanoutBuckets)
        lines += ["# HELP chain_live_menus_validated_total Menus validated for menu events.",
                  "# TYPE chain_live_menus_validated_total counter", "chain_live_menus_validated_total \(state.menusValidated)"]
        lines += ["# HELP chain_sidecars_written_total XMP sidecars written after commits (catalog.xmpSidecars).",
                  "# TYPE chain_sidecars_written_total counter", "chain_sidecars_written_total \(state.sidecarsWritten)",
                  "# HELP chain_sidecars_failed_total XMP sidecars that could not be written; each is logged (sidecar.failed).",
                  "# TYPE chain_sidecars_failed_total counter", "chain_sidecars_failed_total \(state.sidecarsFailed)"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func render(_ histogram: Histogram, name: String, labels: String?, bounds: [Double]) -> [String] {
        let prefix = labels.map { "\($0)," } ?? ""
        var lines = zip(bounds, histogram.buckets).map { bound, count in
            "\(name)_bucket{\(prefix)le=\"\(format(bound))\"} \(count)"
        }
        lines.append("\(name)_bucket{\(prefix)le=\"+Inf\"} \(histogram.count)")
        let suffix = labels.map { "{\($0)}" } ?? ""
        lines.append("\(name)_sum\(suffix) \(histogram.sum)")
        lines.append("\(name)_count\(suffix) \(histogram.count)")
        return lines
    }

    private func format(_ bound: Double) -> String {
        bound.rounded() == bound ? String(Int(bound)) : String(bound)
    }

    private func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
