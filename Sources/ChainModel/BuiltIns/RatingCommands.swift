/// Gives the performer's images one rating: the viewer's image, else the grid's selection.
/// Checked `on` when all of them have it already, `mixed` when some do.
public struct SetRating: Command {
    public typealias Performer = any RatingTarget
    public static let action = "setRating"

    public let rating: Rating

    public init(rating: Rating) {
        self.rating = rating
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("rating")
        rating = try arguments.required("rating")
    }

    public var arguments: Arguments { ["rating": rating.argumentJSON] }

    public func validate(_ target: Performer, _ input: HandlerInput) -> HandlerVerdict {
        RatingValidation.verdict(for: target, input) { .enabled(state: $0.state(for: rating)) }
    }

    public func perform(_ target: Performer, _ context: inout PerformContext) throws(CommandError) {
        let changes = target.ratedImages.map { RatingChange(id: $0, rating: rating) }
        context.changeRatings(changes, undoName: "Set Rating")
        context.result = [(key: "rating", value: rating.argumentJSON), (key: "count", value: .number(Double(changes.count)))]
    }
}

/// Moves every image of the performer one star up or down (`increaseRating`,
/// `decreaseRating`); enabled while some image can still move that way.
public struct ChangeRating<Direction: RatingDirection>: Command {
    public typealias Performer = any RatingTarget
    public static var action: String { Direction.action }

    public init() {}

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly()
    }

    public var arguments: Arguments { .empty }

    public func validate(_ target: Performer, _ input: HandlerInput) -> HandlerVerdict {
        RatingValidation.verdict(for: target, input) { histogram in
            let stuck = histogram[Direction.limit]
            return stuck < histogram.total ? .enabled : .disabled(Direction.stuckReason)
        }
    }

    public func perform(_ target: Performer, _ context: inout PerformContext) throws(CommandError) {
        var changes: [RatingChange] = []
        for id in target.ratedImages {
            guard let rating = context.catalog.rating(of: id), rating != Direction.limit else { continue }
            changes.append(RatingChange(id: id, rating: rating.moved(by: Direction.delta)))
        }
        context.changeRatings(changes, undoName: Direction.undoName)
        context.result = [(key: "count", value: .number(Double(changes.count)))]
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

enum RatingValidation {
    /// A viewer showing nothing declines, so the grid below it in the chain gets the
    /// command; a grid with an empty selection handles it, disabled.
    static func verdict(
        for target: any RatingTarget, _ input: HandlerInput, _ validation: (RatingHistogram) -> Validation
    ) -> HandlerVerdict {
        guard !target.ratedImages.isEmpty else {
            return target is ImageViewer ? .declined(target.emptyReason) : .handles(.disabled(target.emptyReason))
        }
        return .handles(validation(input.histogram(of: target)))
    }
}
