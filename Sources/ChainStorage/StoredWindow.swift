import ChainModel

/// A window as `SessionStateCoding` stores it: `{"id": "main", "kind": "browser",
/// "selection": [[4, 2]], "image": null}`, the selection as `[first, count]` runs.
package struct StoredWindow: WireValue {
    package let window: SessionArchive.WindowArchive

    package init(_ window: SessionArchive.WindowArchive) {
        self.window = window
    }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object("id", window.id)
            object("kind", window.kind.rawValue)
            object("selection", window.selection.runs.lazy.map { [Int($0.first), $0.count] })
            object("image", window.image.map { Int($0.rawValue) })
        }
    }
}
