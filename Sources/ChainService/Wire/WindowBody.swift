import ChainModel

/// One window of a session object: its grid (selection, at most `listLimit` ids of it, the
/// cursor, the columns its client shows, its view and how many images its working set has),
/// viewer, undo titles, auto-advance and compare (null when the window does not compare).
package struct WindowBody: WireObject {
    /// The most selected ids a session object lists; `GET …/selection` pages the rest.
    package static let listLimit = Event.listLimit

    package let window: Window
    package let session: Session
    package let catalog: any CatalogReading

    package func members(_ member: inout JSONObjectWriter) {
        member("id", window.id)
        member("kind", window.windowKind.rawValue)
        member("grid", ifPresent: window.grid.map { GridBody(grid: $0, total: catalog.workingSet(of: $0, in: session).count) })
        member("viewer", ViewerBody(image: window.viewer.image))
        member("undo", UndoBody(stack: window.undoStack))
        member("autoAdvance", window.autoAdvance)
        member("compare", window.compare.map(CompareBody.init))
        member("following", window.following)
    }

    package struct GridBody: WireObject {
        package let grid: ImageGrid
        /// How many images its working set has.
        package let total: Int

        package func members(_ member: inout JSONObjectWriter) {
            member("selection", grid.selection.prefix(WindowBody.listLimit))
            member("selectionCount", grid.selection.count)
            member("selectionTruncated", grid.selection.count > WindowBody.listLimit)
            member("cursor", grid.cursor)
            member("columns", grid.columns)
            member("view", grid.view.json)
            member("total", total)
        }
    }

    package struct ViewerBody: WireObject {
        package let image: ImageID?

        package func members(_ member: inout JSONObjectWriter) {
            member("image", image)
        }
    }

    package struct UndoBody: WireObject {
        package let stack: UndoStack

        package func members(_ member: inout JSONObjectWriter) {
            member("undo", stack.undoName)
            member("redo", stack.redoName)
            member("undoDepth", stack.undoCount)
            member("redoDepth", stack.redoCount)
        }
    }
}
