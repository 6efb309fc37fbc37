import ChainModel

/// A session's archive as stored: JSON a reader can inspect with `sqlite3`, naming undo
/// entries by serial (their changes are stored once each, beside it, as `SessionWrite.Entry`).
///
/// `{"version": 7, "firstResponder": "main/grid", "windowCounter": 1, "lastUndoSerial": 3,
///   "windows": [{"id": "main", "kind": "browser", "selection": [[4, 2]], "image": null,
///   "undo": [1, 3], "redo": []}]}`, a selection as `[first, count]` runs.
enum SessionStateCoding {
    static func encode(_ archive: SessionArchive) -> [UInt8] {
        let windows: [JSON] = archive.windows.map { window in
            .object([
                (key: "id", value: .string(window.id)),
                (key: "kind", value: .string(window.kind.rawValue)),
                (key: "selection", value: .array(window.selection.runs.map { [.number(Double($0.first)), .number(Double($0.count))] })),
                (key: "image", value: window.image.map { .number(Double($0.rawValue)) } ?? .null),
                (key: "undo", value: .array(window.undo.map { .number(Double($0.serial)) })),
                (key: "redo", value: .array(window.redo.map { .number(Double($0.serial)) })),
            ])
        }
        return JSON.object([
            (key: "version", value: .number(Double(archive.version))),
            (key: "firstResponder", value: .string(archive.firstResponder)),
            (key: "windowCounter", value: .number(Double(archive.windowCounter))),
            (key: "lastUndoSerial", value: .number(Double(archive.lastUndoSerial))),
            (key: "windows", value: .array(windows)),
        ]).encoded()
    }

    /// The archive `bytes` describe, with each window's entries looked up by serial.
    static func decode(
        _ bytes: [UInt8], entries: [Int: SessionArchive.EntryArchive]
    ) throws(Malformed) -> SessionArchive {
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch { throw Malformed(reason: error.description) }
        guard let version = json["version"]?.intValue, let focus = json["firstResponder"]?.stringValue,
              let counter = json["windowCounter"]?.intValue, let lastSerial = json["lastUndoSerial"]?.intValue,
              let windows = json["windows"]?.arrayValue
        else { throw Malformed(reason: "a member is missing or has the wrong type") }
        return SessionArchive(
            version: version, firstResponder: focus,
            windows: try windows.map { (window) throws(Malformed) in try Self.window(window, entries: entries) },
            windowCounter: counter, lastUndoSerial: lastSerial)
    }

    private static func window(_ json: JSON, entries: [Int: SessionArchive.EntryArchive]) throws(Malformed) -> SessionArchive.WindowArchive {
        guard let id = json["id"]?.stringValue, let kind = json["kind"]?.stringValue.flatMap(Window.Kind.init(rawValue:)),
              let runs = json["selection"]?.arrayValue, let undo = json["undo"]?.arrayValue, let redo = json["redo"]?.arrayValue
        else { throw Malformed(reason: "a window member is missing or has the wrong type") }
        let selection = try runs.map { (run) throws(Malformed) -> ImageSelection.Run in
            guard let pair = run.arrayValue, pair.count == 2, let first = pair[0].intValue, let count = pair[1].intValue, count > 0 else {
                throw Malformed(reason: "a selection run is not [first, count]")
            }
            return ImageSelection.Run(first: Int64(first), count: count)
        }
        var image: ImageID?
        if let value = json["image"], value != .null {
            guard let raw = value.intValue else { throw Malformed(reason: "image is not an id") }
            image = ImageID(Int64(raw))
        }
        let lookUp = { (serial: JSON) throws(Malformed) -> SessionArchive.EntryArchive in
            guard let number = serial.intValue, let entry = entries[number] else { throw Malformed(reason: "an undo entry is missing") }
            return entry
        }
        return SessionArchive.WindowArchive(
            id: id, kind: kind, selection: ImageSelection(runs: selection), image: image,
            undo: try undo.map(lookUp), redo: try redo.map(lookUp))
    }

    struct Malformed: Error, Sendable, CustomStringConvertible {
        var reason: String
        var description: String { "stored session state: \(reason)" }
    }
}
