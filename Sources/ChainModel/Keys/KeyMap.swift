/// Everything a key press can reach: the bindings by responder kind, then the menu bar's key
/// equivalents. A class, built once: the dispatcher carries it, and every command copies
/// the dispatcher, so it holds one reference rather than the tables' dozen.
public final class KeyMap: Sendable {
    public let bindings: KeyBindings
    public let menuBar: MenuBar?
    /// Each binding's cheat-sheet title, by its index in `bindings.all`.
    private let titles: [KeyEquivalent: [Int: String]]

    public static let none = KeyMap(bindings: .none, menuBar: nil)

    public init(bindings: KeyBindings, menuBar: MenuBar?) {
        self.bindings = bindings
        self.menuBar = menuBar
        var titles: [KeyEquivalent: [Int: String]] = [:]
        for binding in bindings.all {
            titles[binding.key, default: [:]][binding.kind.index] = binding.title
                ?? menuBar?.title(of: binding.invocation)
                ?? binding.invocation.action
        }
        self.titles = titles
    }

    /// What a cheat sheet calls `binding`: its title, else the title of a menu item with
    /// the same action and arguments, else the action's name.
    public func title(of binding: KeyBinding) -> String {
        titles[binding.key]?[binding.kind.index] ?? binding.invocation.action
    }
}
