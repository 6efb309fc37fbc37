/// Modifier keys of a key equivalent.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let command = Modifiers(rawValue: 1 << 0)
    public static let shift = Modifiers(rawValue: 1 << 1)
    public static let option = Modifiers(rawValue: 1 << 2)
    public static let control = Modifiers(rawValue: 1 << 3)

    /// Names in the order menus print them.
    public static let names: [(name: String, modifier: Modifiers)] = [
        ("control", .control), ("option", .option), ("shift", .shift), ("command", .command),
    ]

    /// Parses modifier names (`command`, `shift`, `option`, `control`, and the aliases
    /// `cmd`, `alt`, `ctrl`); `nil` names the first unknown one.
    public init(names: [String]) throws(ModifierError) {
        var modifiers: Modifiers = []
        for name in names {
            switch name.lowercased() {
            case "command", "cmd": modifiers.insert(.command)
            case "shift": modifiers.insert(.shift)
            case "option", "alt": modifiers.insert(.option)
            case "control", "ctrl": modifiers.insert(.control)
            default: throw ModifierError(name: name)
            }
        }
        self = modifiers
    }

    public var nameList: [String] { Modifiers.names.filter { contains($0.modifier) }.map(\.name) }
}

public struct ModifierError: Error, Sendable, Equatable {
    public var name: String
}

/// A key with its modifiers, normalised so that what a user types and what a menu
/// declares compare equal: a capital letter means shift plus the lower-case letter, as in AppKit.
public struct KeyEquivalent: Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public let modifiers: Modifiers

    public init(key: String, modifiers: Modifiers = []) {
        var modifiers = modifiers
        var key = key
        if key.count == 1, let character = key.first, character.isUppercase, character.isLetter {
            key = key.lowercased()
            modifiers.insert(.shift)
        }
        self.key = key
        self.modifiers = modifiers
    }

    public var description: String { (modifiers.nameList + [key]).joined(separator: "+") }
}
