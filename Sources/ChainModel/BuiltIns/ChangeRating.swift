/// Moves every image of the performer one star up or down (`increaseRating`,
/// `decreaseRating`); enabled while some image can still move that way.
public struct ChangeRating<Direction: RatingDirection>: Command {
    public typealias Performer = any ImageTarget
    public static var action: String { Direction.action }

    /// Steps up and down fold into one undo entry (`UndoCoalescing`).
    static var coalescingKind: String { "ratingStep" }

    /// `advance`: overrides the window's auto-advance once; `nil` follows it.
    public let advance: Bool?

    public init(advance: Bool? = nil) {
        self.advance = advance
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly(Advance.argument)
        advance = try Advance.override(in: arguments)
    }

    public var arguments: Arguments { advance.map { Arguments([(key: Advance.argument, value: .bool($0))]) } ?? .empty }

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
        context.change(
            ChangeSet([.init(attribute: Rating.attribute, images: moved, values: .each(codes))]), undoName: Direction.undoName,
            coalescing: UndoCoalescing.Key(kind: Self.coalescingKind, images: images))
        context.result = [(key: "count", value: .number(Double(moved.count)))]
        context.advance(after: target, override: advance)
    }
}

public typealias IncreaseRating = ChangeRating<Up>
public typealias DecreaseRating = ChangeRating<Down>
