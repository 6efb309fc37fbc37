import ChainModel

/// A window as `SessionStateCoding` stores it: `{"id": "main", "kind": "browser",
/// "selection": [[4, 2]], "image": null}`, the selection as `[first, count]` runs.
struct StoredWindow: WireValue {
    let window: SessionArchive.WindowArchive

    init(_ window: SessionArchive.WindowArchive) {
        self.window = window
    }

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object("id", window.id)
            object("kind", window.kind.rawValue)
            object("selection", window.selection.runs.lazy.map { [Int($0.first), $0.count] })
            object("image", window.image.map { Int($0.rawValue) })
        }
    }
}
