// chain-autorate: examples/autorate.py in Swift, against ChainClient only. It adds `autoRate`
// to a session's grid as a remote handler, keeps its validation current ("Auto Rate N
// Images", enabled while the grid has a selection) and answers each call with a rating per
// selected image, written durably and undoably by the server ("Undo Auto Rate").
//
//     swift run chain-autorate --url http://127.0.0.1:8080                      # a new session
//     swift run chain-autorate --url ... --session ID --token=TOKEN             # attach to yours
//     swift run chain-autorate ... --once                                       # stop after one call
import ChainClient
import Foundation

/// A line on standard output, at once (a pipe would otherwise hold it).
@Sendable func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A line with the local time, as autorate.py logs.
@Sendable func log(_ message: String) {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    // Not String(format:): Foundation's formatter cost 2.6% of the handler's CPU.
    func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    say(twoDigits(parts.tm_hour) + ":" + twoDigits(parts.tm_min) + ":" + twoDigits(parts.tm_sec) + " " + message)
}

let options = AutorateOptions(Array(CommandLine.arguments.dropFirst()))
guard let url = URL(string: options.url.hasSuffix("/") ? String(options.url.dropLast()) : options.url) else {
    AutorateOptions.fail("--url: not a URL")
}
let client = ChainClient(url: url)
let session: ChainSession
if let id = options.session, let token = options.token {
    session = client.session(id: id, token: token)
} else {
    do {
        session = try await client.openSession()
    } catch {
        FileHandle.standardError.write(Data("creating a session failed: \(error)\n".utf8))
        exit(1)
    }
    log("created session \(session.id) (token \(session.token))")
    let prefix = "curl -s -H 'Authorization: Bearer \(session.token)' -X POST \(url.absoluteString)/v1/sessions/\(session.id)/commands -d"
    say("select some images, then send autoRate:")
    say("  \(prefix) '{\"action\":\"select\",\"args\":{\"images\":[\"img-1\",\"img-2\",\"img-3\"]}}'")
    say("  \(prefix) '{\"action\":\"autoRate\"}'")
}

/// Follows the session to keep the handler's validation current: the grid's selection count
/// from `hello`, then from each command's `selectionChanged`.
@Sendable func follow(_ event: ChainEvent, _ handler: ActionHandler) async {
    do {
        switch event {
        case .hello(let hello):
            log("hello: session version \(hello.session.version), catalog version \(hello.catalogVersion)")
            try await handler.update(AutoRate.validation(forSelectionCount: AutoRate.selectionCount(hello.session)))
        case .command(let command):
            for event in command.events where event["type"]?.stringValue == "selectionChanged" {
                guard event["grid"]?.stringValue == AutoRate.responder, let count = event["count"]?.intValue else { continue }
                try await handler.update(AutoRate.validation(forSelectionCount: count))
            }
        case .ended(let reason):
            log(reason == "shutdown" ? "the server is shutting down; reconnecting" : "session ended (\(reason)); exiting")
        default:
            break  // `menu`, `catalog` and `view` redraw a UI; this client has none to redraw.
        }
    } catch {
        log("could not handle the event: \(error)")
    }
}

let handler = session.actionHandler(
    for: AutoRate.action, on: AutoRate.responder, validation: AutoRate.validation(forSelectionCount: 0), undoName: "Auto Rate",
    onEvent: follow)

/// Answers `call` with a rating per image its context lists.
@Sendable func answer(_ call: Invocation) async {
    let changes = AutoRate.changes(for: call)
    if call.context.selectionCount > changes.count {
        log("\(call.call): \(call.context.selectionCount) images selected, rating the \(changes.count) listed")
    }
    do {
        try await call.answer(.changes(changes, result: ["rated": .number(Double(changes.count))]))
        log("answered \(call.call) (\(call.action) on \(call.responder)): rated \(changes.count) image(s)")
    } catch {
        log("answering \(call.call) failed: \(error)")  // e.g. already settled: the command timed out
    }
}

log("opening the event stream of session \(session.id)")
do {
    // Each call is answered in a task of its own, so the stream is read on while the answer
    // travels (the next call does not wait for this one's 204).
    try await withThrowingDiscardingTaskGroup { group in
        for try await call in handler {
            if options.once {
                await answer(call)
                log("answered one call (--once); exiting")
                exit(0)
            }
            group.addTask { await answer(call) }
        }
    }
} catch {
    log("the event stream was refused: \(error)")
    exit(1)
}
exit(0)
