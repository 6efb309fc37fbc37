import ChainModel

/// A session's archive as stored, in two JSON texts a reader can inspect with `sqlite3`:
/// the state, which every command rewrites, and the undo stacks, rewritten only when a
/// command changed one (a selection does not walk a hundred-deep stack). Stacks name their
/// entries by serial; the entries are stored once each, beside them (`SessionWrite.Entry`).
///
/// State: `{"version": 7, "firstResponder": "main/grid", "windowCounter": 1,
///   "lastUndoSerial": 3, "windows": [{"id": "main", "kind": "browser",
///   "selection": [[4, 2]], "image": null}]}`, a selection as `[first, count]` runs.
/// Stacks: `{"main": {"undo": [[1, 3], [5, 5]], "redo": []}}`, serials as `[first, last]`
/// runs of consecutive ones (a hundred-deep stack is usually one run), windows with empty
/// stacks left out. A lone number is read as a run of one, as the first format wrote them.
package enum SessionStateCoding {
    package static func encodeState(_ archive: SessionArchive) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 + 96 * archive.windows.count)
        writer.object { state in
            state("version", archive.version)
            state("firstResponder", archive.firstResponder)
            state("windowCounter", archive.windowCounter)
            state("lastUndoSerial", archive.lastUndoSerial)
            state("windows", archive.windows.lazy.map(StoredWindow.init))
        }
        return writer.bytes
    }

    package static func encodeStacks(_ archive: SessionArchive) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 * archive.windows.count)
        writer.object { stacks in
            for window in archive.windows where !window.undo.isEmpty || !window.redo.isEmpty {
                stacks(JSONKey(window.id), StoredStacks(undo: window.undo, redo: window.redo))
            }
        }
        return writer.bytes
    }

    /// The archive `state` and `stacks` describe (empty `stacks`: every stack empty), with
    /// `entries` (the stored undo entries).
    package static func decode(
        state: [UInt8], stacks: [UInt8], entries: [SessionArchive.EntryArchive]
    ) throws(Malformed) -> SessionArchive {
        let json = try parse(state)
        let stackJSON = stacks.isEmpty ? JSON.object([]) : try parse(stacks)
        guard let version = json["version"]?.intValue, let focus = json["firstResponder"]?.stringValue,
              let counter = json["windowCounter"]?.intValue, let lastSerial = json["lastUndoSerial"]?.intValue,
              let windows = json["windows"]?.arrayValue, stackJSON.objectMembers != nil
        else { throw Malformed(reason: "a member is missing or has the wrong type") }
        return SessionArchive(
            version: version, firstResponder: focus,
            windows: try windows.map { (window) throws(Malformed) in try Self.window(window, stacks: stackJSON) },
            windowCounter: counter, lastUndoSerial: lastSerial, entries: entries)
    }

    private static func parse(_ bytes: [UInt8]) throws(Malformed) -> JSON {
        do { return try JSONParser.parse(bytes) } catch { throw Malformed(reason: error.description) }
    }

    private static func window(_ json: JSON, stacks: JSON) throws(Malformed) -> SessionArchive.WindowArchive {
        guard let id = json["id"]?.stringValue, let kind = json["kind"]?.stringValue.flatMap(Window.Kind.init(rawValue:)),
              let runs = json["selection"]?.arrayValue
        else { throw Malformed(reason: "a window member is missing or has the wrong type") }
        let selection = try runs.map { (run) throws(Malformed) -> ImageSelection.Run in
            guard let (first, count) = integerPair(run), count > 0 else { throw Malformed(reason: "a selection run is not [first, count]") }
            return ImageSelection.Run(first: Int64(first), count: count)
        }
        let imageID = { (key: String) throws(Malformed) -> ImageID? in
            guard let value = json[key], value != .null else { return nil }
            guard let raw = value.intValue else { throw Malformed(reason: "\(key) is not an id") }
            return ImageID(Int64(raw))
        }
        let image = try imageID("image")
        var columns = 1
        if let value = json["columns"] {
            guard let count = value.intValue else { throw Malformed(reason: "columns is not an integer") }
            columns = count
        }
        var view = GridView.all
        if let value = json["view"] {
            do { view = try GridView(json: value) } catch { throw Malformed(reason: "view: \(error.description)") }
        }
        var position: Int?
        if let value = json["position"], value != .null {
            guard let number = value.intValue, number >= 0 else { throw Malformed(reason: "position is not a position") }
            position = number
        }
        var autoAdvance = false
        if let value = json["autoAdvance"] {
            guard case .bool(let on) = value else { throw Malformed(reason: "autoAdvance is not true or false") }
            autoAdvance = on
        }
        let compare = try json["compare"].map { (value) throws(Malformed) in try StoredCompare.decode(value) }
        var following: String?
        if let value = json["following"], value != .null {
            guard let session = value.stringValue else { throw Malformed(reason: "following is not a session id") }
            following = session
        }
        let stack = stacks[id]
        let stackRuns = { (key: String) throws(Malformed) -> [ClosedRange<Int>] in
            guard let list = stack?[key] else { return [] }
            guard let values = list.arrayValue else { throw Malformed(reason: "window \(id)'s \(key) stack is not a list") }
            return try values.map { (value) throws(Malformed) -> ClosedRange<Int> in
                if let serial = value.intValue, serial > 0 { return serial ... serial }
                guard let (first, last) = integerPair(value), first > 0, first <= last else {
                    throw Malformed(reason: "an undo serial run is not a positive integer or [first, last]")
                }
                return first ... last
            }
        }
        return SessionArchive.WindowArchive(
            id: id, kind: kind, selection: ImageSelection(runs: selection), cursor: try imageID("cursor"),
            anchor: try imageID("anchor"), columns: columns, view: view, image: image, position: position,
            undo: try stackRuns("undo"), redo: try stackRuns("redo"), autoAdvance: autoAdvance, compare: compare,
            following: following)
    }

    /// `[a, b]` of two integers: how selection runs and serial runs are stored.
    private static func integerPair(_ json: JSON) -> (Int, Int)? {
        guard let pair = json.arrayValue, pair.count == 2, let first = pair[0].intValue, let second = pair[1].intValue else { return nil }
        return (first, second)
    }

    package struct Malformed: Error, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { "stored session state: \(reason)" }
    }
}
