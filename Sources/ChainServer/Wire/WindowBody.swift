import ChainModel

/// One window of a session object: its grid (selection, at most `listLimit` ids of it),
/// viewer and undo titles.
struct WindowBody: WireObject {
    /// The most selected ids a session object lists; `GET …/selection` pages the rest.
    static let listLimit = Event.listLimit

    let window: Window

    func members(_ member: inout JSONObjectWriter) {
        member("id", window.id)
        member("kind", window.windowKind.rawValue)
        member("grid", ifPresent: window.grid.map(GridBody.init))
        member("viewer", ViewerBody(image: window.viewer.image))
        member("undo", UndoBody(stack: window.undoStack))
    }

    struct GridBody: WireObject {
        let grid: ImageGrid

        func members(_ member: inout JSONObjectWriter) {
            member("selection", grid.selection.prefix(WindowBody.listLimit))
            member("selectionCount", grid.selection.count)
            member("selectionTruncated", grid.selection.count > WindowBody.listLimit)
        }
    }

    struct ViewerBody: WireObject {
        let image: ImageID?

        func members(_ member: inout JSONObjectWriter) {
            member("image", image)
        }
    }

    struct UndoBody: WireObject {
        let stack: UndoStack

        func members(_ member: inout JSONObjectWriter) {
            member("undo", stack.undoName)
            member("redo", stack.redoName)
            member("undoDepth", stack.undoCount)
            member("redoDepth", stack.redoCount)
        }
    }
}
