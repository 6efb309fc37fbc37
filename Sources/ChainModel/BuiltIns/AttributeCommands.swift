/// Gives the performer's images one value of an attribute: the viewer's image, else the
/// grid's selection (`setRating`, `setLabel`, `setFlag`). Checked `on` when all of them
/// have it already, `mixed` when some do.
public struct SetAttribute<Value: ImageAttribute>: Command {
    public typealias Performer = any ImageTarget
    public static var action: String { Value.attribute.action }

    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        let name = Value.attribute.name
        if let stray = arguments.members.first(where: { $0.key != name }) {
            throw ArgumentError(field: stray.key, reason: .unexpected)
        }
        value = try arguments.required(name)
    }

    public var arguments: Arguments { Arguments([(key: Value.attribute.name, value: value.argumentJSON)]) }

    public func validate(_ target: Performer, _ input: HandlerInput) -> HandlerVerdict {
        AttributeValidation.verdict(for: target, input, Value.attribute) { .enabled(state: $0.state(for: value)) }
    }

    public func perform(_ target: Performer, _ context: inout PerformContext) throws(CommandError) {
        let images = target.targetImages
        context.change(.set(value, on: images), undoName: Value.attribute.undoName)
        context.result = [
            (key: Value.attribute.name, value: value.argumentJSON), (key: "count", value: .number(Double(images.count))),
        ]
    }
}

public typealias SetRating = SetAttribute<Rating>
public typealias SetLabel = SetAttribute<ColorLabel>
public typealias SetFlag = SetAttribute<Flag>

extension SetAttribute where Value == Rating {
    public init(rating: Rating) { self.init(rating) }
}

/// Moves every image of the performer one star up or down (`increaseRating`,
/// `decreaseRating`); enabled while some image can still move that way.
public struct ChangeRating<Direction: RatingDirection>: Command {
    public typealias Performer = any ImageTarget
    public static var action: String { Direction.action }

    public init() {}

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly()
    }

    public var arguments: Arguments { .empty }

    public func validate(_ target: Performer, _ input: HandlerInput) -> HandlerVerdict {
        AttributeValidation.verdict(for: target, input, Rating.attribute) { histogram in
            let stuck = histogram[Direction.limit]
            return stuck < histogram.total ? .enabled : .disabled(Direction.stuckReason)
        }
    }

    public func perform(_ target: Performer, _ context: inout PerformContext) throws(CommandError) {
        let images = target.targetImages
        let current = context.catalog.codes(of: images, Rating.attribute)
        var moved = ImageSelection()
        var codes: [UInt8] = []
        for (id, code) in zip(images, current) where code != Attribute.absent && code != Direction.limit.code {
            moved.appendUnique(id)
            codes.append(Rating(uncheckedCode: code).moved(by: Direction.delta).code)
        }
        context.change(ChangeSet([.init(attribute: Rating.attribute, images: moved, values: .each(codes))]), undoName: Direction.undoName)
        context.result = [(key: "count", value: .number(Double(moved.count)))]
    }
}

/// Which way `ChangeRating` moves.
public protocol RatingDirection: Sendable {
    static var action: String { get }
    static var delta: Int { get }
    static var limit: Rating { get }
    static var undoName: String { get }
    /// Why the command is disabled when every image is at `limit` already, kept as a
    /// constant because every menu validation may ask for it.
    static var stuckReason: String { get }
}

public enum Up: RatingDirection {
    public static let action = "increaseRating"
    public static let delta = 1
    public static let limit = Rating.max
    public static let undoName = "Increase Rating"
    public static let stuckReason = "every image is at 5 stars already"
}

public enum Down: RatingDirection {
    public static let action = "decreaseRating"
    public static let delta = -1
    public static let limit = Rating.none
    public static let undoName = "Decrease Rating"
    public static let stuckReason = "every image is at 0 stars already"
}

public typealias IncreaseRating = ChangeRating<Up>
public typealias DecreaseRating = ChangeRating<Down>

enum AttributeValidation {
    /// A viewer showing nothing declines, so the grid below it in the chain gets the
    /// command; a grid with an empty selection handles it, disabled.
    static func verdict(
        for target: any ImageTarget, _ input: HandlerInput, _ attribute: Attribute, _ validation: (ValueHistogram) -> Validation
    ) -> HandlerVerdict {
        guard !target.targetImages.isEmpty else {
            return target is ImageViewer ? .declined(target.emptyReason) : .handles(.disabled(target.emptyReason))
        }
        return .handles(validation(input.histogram(of: target, attribute)))
    }
}
