import ChainModel

/// A window's undo and redo stacks as `SessionStateCoding` stores them:
/// `{"undo": [[1, 3], [5, 5]], "redo": []}`, serials as `[first, last]` runs, oldest first.
package struct StoredStacks: WireValue {
    package let undo: [ClosedRange<Int>]
    package let redo: [ClosedRange<Int>]

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object("undo", undo.lazy.map { [$0.lowerBound, $0.upperBound] })
            object("redo", redo.lazy.map { [$0.lowerBound, $0.upperBound] })
        }
    }
}
