/// A command as `POST …/commands` takes it: an action with arguments, a menu item, an
/// identifier, or a batch performed as one; optionally sent to an explicit `target`.
public struct Command: Sendable, Hashable {
    public enum Form: Sendable, Hashable {
        /// `{"action", "args"}`.
        case action(String, args: JSONValue)
        /// `{"item"}`: a menu item's action and arguments.
        case item(String)
        /// `{"identifier"}`: `menu.setRating("rating": 5)`.
        case identifier(String)
        /// `{"batch", "undoName"}`: the steps, all or nothing, as one undo entry.
        case batch([Command], undoName: String?)
    }

    public var form: Form
    /// Starts the walk at this responder instead of the first responder.
    public var target: String?

    public init(_ form: Form, target: String? = nil) {
        self.form = form
        self.target = target
    }

    /// The generic command: any action (a built-in or a remote handler's) with its arguments.
    public static func action(_ name: String, _ args: JSONValue = [:], target: String? = nil) -> Command {
        Command(.action(name, args: args), target: target)
    }

    public static func item(_ id: String, target: String? = nil) -> Command { Command(.item(id), target: target) }

    public static func identifier(_ identifier: String, target: String? = nil) -> Command {
        Command(.identifier(identifier), target: target)
    }

    public static func batch(_ steps: [Command], undoName: String? = nil) -> Command { Command(.batch(steps, undoName: undoName)) }

    /// This command sent to `target`.
    public func to(_ target: String) -> Command { Command(form, target: target) }

    /// The request body.
    public var body: JSONValue {
        var members: [String: JSONValue]
        switch form {
        case .action(let name, let args): members = ["action": .string(name), "args": args]
        case .item(let id): members = ["item": .string(id)]
        case .identifier(let identifier): members = ["identifier": .string(identifier)]
        case .batch(let steps, let undoName):
            members = ["batch": .array(steps.map(\.body))]
            if let undoName { members["undoName"] = .string(undoName) }
        }
        if let target { members["target"] = .string(target) }
        return .object(members)
    }
}
