/// Gives the performer's images one value of an attribute: the viewer's image, else the
/// grid's selection (`setRating`, `setLabel`, `setFlag`). Checked `on` when all of them
/// have it already, `mixed` when some do.
public struct SetAttribute<Value: ImageAttribute>: Command {
    public typealias Performer = any ImageTarget
    public static var action: String { Value.attribute.action }

    public let value: Value
    /// `advance`: overrides the window's auto-advance once; `nil` follows it.
    public let advance: Bool?

    public init(_ value: Value, advance: Bool? = nil) {
        self.value = value
        self.advance = advance
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        let name = Value.attribute.name
        if let stray = arguments.members.first(where: { $0.key != name && $0.key != Advance.argument }) {
            throw ArgumentError(field: stray.key, reason: .unexpected)
        }
        value = try arguments.required(name)
        advance = try Advance.override(in: arguments)
    }

    public var arguments: Arguments {
        var members = [(key: Value.attribute.name, value: value.argumentJSON)]
        if let advance { members.append((key: Advance.argument, value: .bool(advance))) }
        return Arguments(members)
    }

    public func validate(_ target: Performer, _ input: HandlerInput) -> HandlerVerdict {
        AttributeValidation.verdict(for: target, input, Value.attribute) { .enabled(state: $0.state(for: value)) }
    }

    public func perform(_ target: Performer, _ context: inout PerformContext) throws(CommandError) {
        let images = target.targetImages
        context.change(.set(value, on: images), undoName: Value.attribute.undoName)
        context.result = [
            (key: Value.attribute.name, value: value.argumentJSON), (key: "count", value: .number(Double(images.count))),
        ]
        context.advance(after: target, override: advance)
    }
}

public typealias SetRating = SetAttribute<Rating>
public typealias SetLabel = SetAttribute<ColorLabel>
public typealias SetFlag = SetAttribute<Flag>

extension SetAttribute where Value == Rating {
    public init(rating: Rating) { self.init(rating) }
}
