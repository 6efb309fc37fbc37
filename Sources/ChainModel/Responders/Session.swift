/// One remote UI: the application, its windows, the first responder, and what was
/// attached to responders at run time. A value: a command works on a copy and the copy
/// replaces the original only when the command succeeds, so a failed command changes nothing.
public struct Session: Sendable {
    /// Windows one session may have open: every answer carries the whole tree, so an
    /// unbounded number would make each request slower than the last.
    public static let maxWindows = 32
    static let windowLimitReason = "a session has at most \(Session.maxWindows) windows; close one first"

    /// Whether another window may open.
    public var canOpenWindow: Bool { windows.count < Session.maxWindows }

    public internal(set) var windows: [Window]
    public internal(set) var firstResponder: ResponderPath
    /// Grows with every command performed on the session (focus, windows, selection, undo
    /// stacks, attachments): what clients compare to know the session moved on.
    public internal(set) var version = 1
    /// The role of the principal the session acts for, which the application responder
    /// provides to every command's context (`RoleKey`). Set once, when the session is made
    /// or restored; one byte, as the session is copied per command.
    public var role = Role.editor
    var attachments = Attachments()
    var windowCounter = 1
    /// The serial the last registered undo entry got (see `UndoStack.Entry.serial`).
    var lastUndoSerial = 0
    /// This session's id and the other live sessions, for `follow`; `nil` where none are
    /// known (a session alone, a model test).
    public var peers: Peers?

    /// A new session: one browser window `main`, empty selection, no image shown, first
    /// responder `main/grid`.
    public init() {
        let main = Window(id: "main", kind: .browser)
        windows = [main]
        firstResponder = main.defaultResponder
    }

    /// A session with no window, which allocates nothing: what a context that ends keeps in
    /// place of the session moved out of it (`PerformContext.takeSession()`).
    private init(vacant: Void) {
        windows = []
        firstResponder = .app
    }

    static var vacant: Session { Session(vacant: ()) }

    /// The chain from `start` (the first responder by default) up to `app`.
    public func chain(from start: ResponderPath? = nil) -> [ResponderPath] {
        var chain: [ResponderPath] = []
        var next: ResponderPath? = start ?? firstResponder
        while let path = next {
            chain.append(path)
            next = path.parent
        }
        return chain
    }

    public func window(_ id: String) -> Window? {
        windowIndex(of: id).map { windows[$0] }
    }

    func windowIndex(of id: String) -> Int? {
        // By index and path, not `firstIndex`, whose closure takes each window whole.
        for index in windows.indices where windows[index].path.string == id { return index }
        return nil
    }

    /// The responder `path` names in this session, or `nil`.
    public func responder(at path: ResponderPath) -> (any Responder)? {
        slot(of: path).map(responder(in:))
    }

    public func contains(_ path: ResponderPath) -> Bool { slot(of: path) != nil }

    /// Every responder path of the session, windows in order, each followed by its children.
    public var allPaths: [ResponderPath] {
        [.app] + windows.flatMap { window in
            [window.path] + [window.grid?.path, window.viewer.path, window.compare?.path].compactMap { $0 }
        }
    }

    // MARK: Changes, used by performers

    public mutating func focus(_ path: ResponderPath) throws(CommandError) {
        guard let slot = slot(of: path) else { throw .notFound(kind: .responder, name: path.string, field: "responder") }
        // The tree's own path (equal to `path`), so walks from here compare paths by identity.
        firstResponder = self.path(of: slot)
    }

    /// Replaces the grid's selection; its anchor becomes the first image and its cursor the
    /// last, so a keyboard move goes on from where a click or a range ended.
    public mutating func select(_ selection: ImageSelection, inGrid path: ResponderPath) {
        select(selection, inGrid: path, cursor: selection.last, anchor: selection.first)
    }

    /// Replaces the grid's selection, cursor and anchor at once (a keyboard move).
    public mutating func select(_ selection: ImageSelection, inGrid path: ResponderPath, cursor: ImageID?, anchor: ImageID?) {
        endFollowing(ofWindowAt: path)
        updateWindow(of: path) { window in
            window.grid?.selection = selection
            window.grid?.cursor = cursor
            window.grid?.anchor = anchor
        }
    }

    /// Records how many tiles a row of the grid's client shows.
    public mutating func setAutoAdvance(_ on: Bool, inWindow id: String) {
        guard let path = window(id)?.path else { return }
        updateWindow(of: path) { $0.autoAdvance = on }
    }

    public mutating func setColumns(_ columns: Int, inGrid path: ResponderPath) {
        updateWindow(of: path) { $0.grid?.columns = columns }
    }

    /// Shows `image` in the viewer at `path`; `position` is where it stands in its grid's
    /// working set (see `ImageViewer.position`).
    /// Showing another image is the window's own navigation: it ends its following
    /// (`follow` sets it again after showing the followed session's image).
    public mutating func show(_ image: ImageID?, inViewer path: ResponderPath, at position: Int? = nil) {
        if let id = path.windowID, window(id)?.viewer.image != image { endFollowing(ofWindowAt: path) }
        // A browser shows one image or compares several, not both.
        if image != nil, let id = path.windowID { closeCompare(inWindow: id) }
        updateWindow(of: path) { window in
            window.viewer.image = image
            window.viewer.position = image == nil ? nil : position
        }
    }

    /// Sets the filter and sort of the grid at `path`.
    public mutating func setView(_ view: GridView, inGrid path: ResponderPath) {
        updateWindow(of: path) { $0.grid?.view = view }
    }

    /// Opens a window and makes it key (first responder: its grid or viewer).
    @discardableResult
    public mutating func openWindow(kind: Window.Kind, image: ImageID? = nil) -> Window {
        var number = windowCounter + 1
        while window("w\(number)") != nil { number += 1 }
        windowCounter = number
        let window = Window(id: "w\(number)", kind: kind, image: image)
        windows.append(window)
        firstResponder = window.defaultResponder
        return window
    }

    /// Closes a window with everything attached to its responders; focus moves to the
    /// last remaining window, or to `app` when none is left.
    public mutating func closeWindow(_ id: String) throws(CommandError) {
        guard let index = windows.firstIndex(where: { $0.id == id }) else {
            throw .notFound(kind: .responder, name: id, field: nil)
        }
        let closed = windows.remove(at: index)
        attachments.removeAll(within: closed.path)
        if firstResponder.isWithin(closed.path) {
            firstResponder = windows.last?.defaultResponder ?? .app
        }
    }

    /// The next undo entry's serial.
    mutating func takeUndoSerial() -> Int {
        lastUndoSerial += 1
        return lastUndoSerial
    }

    mutating func updateUndoStack(ofWindow id: String, _ change: (inout UndoStack) -> Void) {
        guard let index = windowIndex(of: id) else { return }
        change(&windows[index].undoStack)
    }

    mutating func updateWindow(of path: ResponderPath, _ change: (inout Window) -> Void) {
        guard let id = path.windowID, let index = windowIndex(of: id) else { return }
        change(&windows[index])
    }
}
