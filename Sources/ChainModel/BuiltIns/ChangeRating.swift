/// Moves every image of the performer one star up or down (`increaseRating`,
/// `decreaseRating`); enabled while some image can still move that way.
public struct ChangeRating<Direction: RatingDirection>: Command {
    public typealias Performer = AnyImageTarget
    public static var action: String { Direction.action }

    /// Steps up and down fold into one undo entry (`UndoCoalescing`).
    static var coalescingKind: String { "ratingStep" }

    /// `advance`: overrides the window's auto-advance once; `nil` follows it.
    public let advance: Bool?
    /// `image`: the compared image a compare changes instead of its select (`AnyImageTarget.images(naming:)`).
    public let image: ImageID?

    public init(advance: Bool? = nil, image: ImageID? = nil) {
        self.advance = advance
        self.image = image
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        guard !arguments.isEmpty else {
            advance = nil
            image = nil
            return
        }
        try arguments.allowOnly(Advance.argument, ImageCompare.imageArgument)
        advance = try Advance.override(in: arguments)
        image = try arguments.optional(ImageCompare.imageArgument)
    }

    public var arguments: Arguments {
        var members: [(key: String, value: JSON)] = []
        if let advance { members.append((key: Advance.argument, value: .bool(advance))) }
        if let image { members.append((key: ImageCompare.imageArgument, value: image.argumentJSON)) }
        return Arguments(members)
    }

    public func validate(_ target: Performer, _ input: HandlerInput) -> HandlerVerdict {
        AttributeValidation.verdict(for: target, image: image, input, Rating.attribute) { histogram in
            let stuck = histogram[Direction.limit]
            return stuck < histogram.total ? .enabled : .disabled(Direction.stuckReason)
        }
    }

    public func perform(_ target: Performer, _ context: inout PerformContext) throws(CommandError) {
        let images: ImageSelection
        do throws(ArgumentError) { images = try target.images(naming: image) } catch { throw .invalidArgument(error) }
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
