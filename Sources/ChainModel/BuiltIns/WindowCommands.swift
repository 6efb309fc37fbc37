/// Closes the window; always enabled.
public struct CloseWindow: Command {
    public typealias Performer = WindowState
    public static let action = "closeWindow"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ window: WindowState, _ input: HandlerInput) -> HandlerVerdict { .handles(.enabled) }

    public func perform(_ window: WindowState, _ context: inout PerformContext) throws(CommandError) {
        let previous = context.session.firstResponder
        try context.session.closeWindow(window.id)
        context.emit(.windowClosed(window.id), from: .app)
        if previous != context.session.firstResponder {
            context.emit(.focusChanged(from: previous, to: context.session.firstResponder), from: .app)
        }
        context.result = [(key: "window", value: .string(window.id))]
    }
}

/// Undoes (or redoes) the last change registered on the window's undo stack; titled
/// "Undo Set Rating", disabled and titled "Undo" when there is nothing to undo.
///
/// Undo never clobbers another editor: only images still holding the value the entry set
/// get their earlier value back; the others are the outcome's `conflicts` and stay as they
/// are (`UndoSplit`). What was not written back stays on top as a remainder: `force`
/// ("Undo Anyway") writes it, and a plain undo passes over it to the entry below.
public struct UndoCommand<Way: UndoWay>: Command {
    public typealias Performer = WindowState
    public static var action: String { Way.action }

    /// Write back every image, whatever it holds now.
    public let force: Bool

    public init(force: Bool = false) {
        self.force = force
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("force")
        force = try arguments.optional("force") ?? false
    }

    public var arguments: Arguments { force ? ["force": true] : .empty }

    public func validate(_ window: WindowState, _ input: HandlerInput) -> HandlerVerdict {
        if force, let top = Way.top(of: window.undoStack), top.isRemainder {
            let anyway = Validation.enabled(title: Way.title + " " + top.name + " Anyway")
            return .handles(input.isReadOnly ? .readOnly(keeping: anyway) : anyway)
        }
        guard let name = Way.nextName(in: window.undoStack) else {
            return .handles(.disabled(Way.emptyReason, title: Way.title))
        }
        // Every entry writes catalog values back: a read-only session may not.
        if input.isReadOnly { return .handles(.readOnly(keeping: .enabled(title: Way.title + " " + name))) }
        return .handles(.enabled(title: Way.title + " " + name))
    }

    public func perform(_ window: WindowState, _ context: inout PerformContext) throws(CommandError) {
        var entry: UndoStack.Entry?
        var passedOver: UndoStack.Entry?
        let force = force
        context.session.updateUndoStack(ofWindow: window.id) { stack in
            entry = Way.pop(from: &stack)
            if let top = entry, top.isRemainder, !force {
                passedOver = top
                entry = Way.pop(from: &stack)
            }
        }
        guard let entry else { throw .disabled(action: Way.action, responder: window.path, reason: Way.emptyReason) }
        let split = try context.run(entry, direction: Way.direction, force: force)
        context.result = [(key: Way.action == "undo" ? "undone" : "redone", value: .string(entry.name))]
        if let passedOver { context.result.append((key: "passedOver", value: .string(passedOver.name))) }
        if let split {
            context.conflicts = split.conflicts
            let remainder = UndoStack.Entry(name: entry.name, restoring: split.remainder, expecting: split.remainderExpected)
            context.restack(remainder, in: window.id, undo: Way.direction == .undoing)
        }
        if let changes = split?.clean ?? entry.restoredChanges { context.reveal(changes, in: window.id) }
    }
}

/// Which stack `UndoCommand` takes from.
public protocol UndoWay: Sendable {
    static var action: String { get }
    static var title: String { get }
    /// Why the item is disabled when the stack is empty ("nothing to undo"), kept as a
    /// constant because every menu validation asks for it.
    static var emptyReason: String { get }
    static var direction: UndoStack.Direction { get }
    static func nextName(in stack: UndoStack) -> String?
    static func top(of stack: UndoStack) -> UndoStack.Entry?
    static func pop(from stack: inout UndoStack) -> UndoStack.Entry?
}

public enum Backwards: UndoWay {
    public static let action = "undo"
    public static let title = "Undo"
    public static let emptyReason = "nothing to undo"
    public static var direction: UndoStack.Direction { .undoing }
    public static func nextName(in stack: UndoStack) -> String? { stack.undoName }
    public static func top(of stack: UndoStack) -> UndoStack.Entry? { stack.undoTop }
    public static func pop(from stack: inout UndoStack) -> UndoStack.Entry? { stack.popUndo() }
}

public enum Forwards: UndoWay {
    public static let action = "redo"
    public static let title = "Redo"
    public static let emptyReason = "nothing to redo"
    public static var direction: UndoStack.Direction { .redoing }
    public static func nextName(in stack: UndoStack) -> String? { stack.redoName }
    public static func top(of stack: UndoStack) -> UndoStack.Entry? { stack.redoTop }
    public static func pop(from stack: inout UndoStack) -> UndoStack.Entry? { stack.popRedo() }
}

public typealias Undo = UndoCommand<Backwards>
public typealias Redo = UndoCommand<Forwards>
