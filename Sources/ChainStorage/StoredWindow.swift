import ChainModel

/// A window as `SessionStateCoding` stores it: `{"id": "main", "kind": "browser",
/// "selection": [[4, 2]], "image": null}`, the selection as `[first, count]` runs, and a
/// grid's `"cursor"`, `"anchor"` (ids) and `"columns"` when they are not `nil`, `nil` and 1,
/// its `"view"` (`{"filter", "sort"}` as the wire spells it) when it is not the whole catalog
/// by id, the viewer's `"position"` when it has one, `"autoAdvance": true` when it is on,
/// `"compare"` (`StoredCompare`) while the window compares, and `"following"` (a session id)
/// while it follows one (states stored before them read so).
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
            if let cursor = window.cursor { object("cursor", Int(cursor.rawValue)) }
            if let anchor = window.anchor { object("anchor", Int(anchor.rawValue)) }
            if window.columns != 1 { object("columns", window.columns) }
            if window.view != .all { object("view", window.view.json) }
            if let position = window.position { object("position", position) }
            if window.autoAdvance { object("autoAdvance", true) }
            if let compare = window.compare { object("compare", StoredCompare(compare)) }
            if let following = window.following { object("following", following) }
        }
    }
}
