import ChainModel
import Foundation

/// Times `body` over `iterations` runs, five rounds after a warm-up, and prints the
/// fastest round's mean as `NAME: VALUE ns/op` (the fastest is the least disturbed by
/// other work on a shared machine).
func measure(_ name: String, iterations: Int, _ body: () -> Int) {
    // BENCH_ONLY=dispatch runs one figure, for profiling.
    if let only = ProcessInfo.processInfo.environment["BENCH_ONLY"], only != name { return }
    // BENCH_SCALE=0.01 runs fewer iterations, for instruction counting under valgrind.
    let scale = Double(ProcessInfo.processInfo.environment["BENCH_SCALE"] ?? "") ?? 1
    let iterations = max(1, Int(Double(iterations) * scale))
    var sink = 0
    for _ in 0..<max(1, iterations / 10) { sink &+= body() }
    var best = Double.infinity
    for _ in 0..<5 {
        let start = ContinuousClock.now
        for _ in 0..<iterations { sink &+= body() }
        let elapsed = ContinuousClock.now - start
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        best = min(best, nanoseconds / Double(iterations))
    }
    print("\(name): \(Int(best.rounded())) ns/op")
    if sink == 42 { print("") }  // keeps the work observable
}

func loadMenus() throws -> (MenuBar, KeyBindings) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let path = CommandLine.arguments.dropFirst().first ?? root.appendingPathComponent("config/menus.json").path
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("usage: chain-model-bench [menus.json]; cannot read \(path)\n".utf8))
        exit(2)
    }
    let json = try JSONParser.parse([UInt8](data))
    let bar = try MenuBar(definition: json, knownActions: HandlerRegistry.standard.actions)
    let bindings = try KeyBindings(definition: json["keyBindings"], knownActions: HandlerRegistry.standard.actions.union(bar.remoteActions))
    return (bar, bindings)
}

let (bar, bindings) = try loadMenus()
// A constant: a closure reading a global `var` copies the whole dispatcher on every call,
// which the figures would count as the model's cost.
let dispatcher = {
    var dispatcher = CommandDispatcher.standard
    dispatcher.keys = KeyMap(bindings: bindings, menuBar: bar)
    return dispatcher
}()
let catalog = InMemoryCatalog(ratings: (1...20_000).map { (id: ImageID(Int64($0)), rating: Rating($0 % 6)!) })
let validator = MenuValidator(dispatcher: dispatcher)

// A 4-deep chain: main/grid/viewer (showing an image) → main/grid (3 selected) → main → app.
var session = Session()
for invocation in [
    Invocation(action: "select", arguments: ["images": ["img-3", "img-4", "img-9"]]),
    Invocation(action: "openImage"),
] {
    session = try dispatcher.perform(invocation, in: session, catalog: catalog).session
}
precondition(session.chain().count == 4)
print("# menu: \(bar.allItems.count) items; chain: \(session.chain().map(\.string).joined(separator: " → "))")

measure("menu-validate", iterations: 20_000) {
    validator.validate(bar, in: session, catalog: catalog).count
}

var dispatchSession = session
let setRatings = (0...5).map { Invocation(action: "setRating", arguments: ["rating": .number(Double($0))]) }
var round = 0
measure("dispatch", iterations: 100_000) {
    round &+= 1
    let outcome = try! dispatcher.perform(setRatings[round % 6], in: dispatchSession, catalog: catalog)
    catalog.apply(outcome.changes)
    dispatchSession = outcome.session
    return outcome.changes.writeCount
}

// Keys through the chain, in the grid (3 selected): → and ← in turn, resolved along the
// chain to the grid's binding and performed (moveSelection), beside a select of two images.
var gridSession = try dispatcher.perform(Invocation(action: "select", arguments: ["images": ["img-3", "img-4", "img-9"]]), in: Session(), catalog: catalog).session
let arrows = [KeyEquivalent(key: "rightArrow"), KeyEquivalent(key: "leftArrow")]
measure("key-resolve-arrow", iterations: 200_000) {
    round &+= 1
    let scope = ValidationScope(session: gridSession, catalog: catalog)
    return dispatcher.resolve(key: arrows[round & 1], in: scope) == nil ? 0 : 1
}
// A menus file from before keys went through the chain (one kept to compare builds by) gives
// the arrows to menu items the grid cannot perform: the figure is skipped rather than the
// run stopped.
if arrows.contains(where: { (try? dispatcher.perform(key: $0, in: gridSession, catalog: catalog)) == nil }) {
    print("# key-perform-arrow: skipped, the grid cannot perform what these menus bind to the arrows")
} else {
    measure("key-perform-arrow", iterations: 100_000) {
        round &+= 1
        let outcome = try! dispatcher.perform(key: arrows[round & 1], in: gridSession, catalog: catalog)
        gridSession = outcome.session
        return outcome.events.count
    }
}
let selectTwo = [
    Invocation(action: "select", arguments: ["images": ["img-4", "img-5"]]),
    Invocation(action: "select", arguments: ["images": ["img-5", "img-6"]]),
]
measure("dispatch-select", iterations: 100_000) {
    round &+= 1
    let outcome = try! dispatcher.perform(selectTwo[round & 1], in: gridSession, catalog: catalog)
    return outcome.events.count
}
measure("key-sheet", iterations: 5_000) {
    dispatcher.keySheet(in: ValidationScope(session: session, catalog: catalog)).count
}

var bigSelection = Session()
bigSelection = try dispatcher.perform(
    Invocation(action: "select", arguments: ["images": .array((1...10_000).map { .string("img-\($0 * 2)") })]),
    in: bigSelection, catalog: catalog
).session
let setFive = Invocation(action: "setRating", arguments: ["rating": 5])
measure("validate-10k-selection", iterations: 500) {
    dispatcher.validate(setFive, in: bigSelection, catalog: catalog).validation?.state == .mixed ? 1 : 0
}

// The JSON parser on what clients send: a command body, and a select of 10,000 ids.
let commandBody = Array(#"{"action": "select", "args": {"images": ["img-4", "img-5"]}, "target": "main/grid"}"#.utf8)
measure("json-parse-command", iterations: 200_000) {
    if case .object(let members) = try! JSONParser.parse(commandBody) { return members.count }
    return 0
}
let bigBody = Array(("{\"action\": \"select\", \"args\": {\"images\": [" + (1...10_000).map { "\"img-\($0)\"" }.joined(separator: ",") + "]}}").utf8)
measure("json-parse-10k-ids", iterations: 200) {
    if case .object(let members) = try! JSONParser.parse(bigBody) { return members.count }
    return 0
}
