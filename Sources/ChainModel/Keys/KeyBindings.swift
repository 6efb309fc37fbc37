/// Every key binding, by responder kind, checked when built: known actions, and no key bound
/// twice on one kind (one key may be bound on several kinds: a grid and a viewer give →
/// different meanings).
public struct KeyBindings: Sendable {
    /// In the order declared.
    public let all: [KeyBinding]
    /// Indexed by `ResponderKind.index`.
    private let byKind: [[KeyEquivalent: KeyBinding]]
    private let orderedByKind: [[KeyBinding]]

    public static let none = try! KeyBindings([], knownActions: [])

    public init(_ bindings: [KeyBinding], knownActions: Set<String>) throws(KeyBindingError) {
        var problems: [KeyBindingError.Problem] = []
        var byKind = Array(repeating: [KeyEquivalent: KeyBinding](), count: ResponderKind.allCases.count)
        var ordered = Array(repeating: [KeyBinding](), count: ResponderKind.allCases.count)
        for binding in bindings {
            if !knownActions.contains(binding.invocation.action) {
                problems.append(.unknownAction(binding))
            }
            if let other = byKind[binding.kind.index][binding.key] {
                problems.append(.duplicateKey(other, binding))
                continue
            }
            byKind[binding.kind.index][binding.key] = binding
            ordered[binding.kind.index].append(binding)
        }
        guard problems.isEmpty else { throw KeyBindingError(problems: problems) }
        all = bindings
        self.byKind = byKind
        orderedByKind = ordered
    }

    /// The binding of `key` on `kind`, if any.
    public func binding(for key: KeyEquivalent, on kind: ResponderKind) -> KeyBinding? {
        byKind[kind.index][key]
    }

    /// `kind`'s bindings in the order declared.
    public func bindings(on kind: ResponderKind) -> [KeyBinding] { orderedByKind[kind.index] }

    public var isEmpty: Bool { all.isEmpty }
}

/// Why key bindings were refused; every problem names the bindings concerned.
public struct KeyBindingError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        case unknownAction(KeyBinding)
        case duplicateKey(KeyBinding, KeyBinding)

        public var description: String {
            switch self {
            case .unknownAction(let binding):
                "the binding of \(binding.key) on \(binding.kind.configName) names unknown action \"\(binding.invocation.action)\""
            case .duplicateKey(let first, let second):
                "key \(first.key) is bound twice on \(first.kind.configName): to \(first.invocation.action)"
                    + " \(first.invocation.arguments.json) and to \(second.invocation.action) \(second.invocation.arguments.json)"
            }
        }
    }

    public var problems: [Problem]

    public var description: String { problems.map(\.description).joined(separator: "; ") }
}
