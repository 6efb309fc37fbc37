/// Makes a compared image the select (`makeSelect`): the named candidate (default: the
/// current one); the old select takes its place among the candidates, so nothing leaves the
/// compare. Disabled for the select itself; an image not in the compare is refused (422).
public struct MakeSelect: NamedCompareImage {
    public static let action = "makeSelect"

    public let image: ImageID?

    public init(image: ImageID? = nil) {
        self.image = image
    }

    public func validate(_ compare: ImageCompare, _ input: HandlerInput) -> HandlerVerdict {
        let image = target(in: compare)
        if let refusal = compare.refusal(ofNamed: image) { return refusal }
        return .handles(image == compare.select ? .disabled("\(image) is the select already") : .enabled)
    }

    public func perform(_ compare: ImageCompare, _ context: inout PerformContext) throws(CommandError) {
        let image = target(in: compare)
        guard let id = compare.path.windowID else { return }
        context.session.updateCompare(inWindow: id) { $0.makeSelect(image) }
        context.reportCompare(inWindow: id)
    }
}

/// Exchanges the select and the current candidate (`swap`); the current candidate's
/// position now holds the old select. Always enabled while comparing.
public struct SwapSelect: Command {
    public typealias Performer = ImageCompare
    public static let action = "swap"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ compare: ImageCompare, _ input: HandlerInput) -> HandlerVerdict { .handles(.enabled) }

    public func perform(_ compare: ImageCompare, _ context: inout PerformContext) throws(CommandError) {
        try MakeSelect(image: compare.currentCandidate).perform(compare, &context)
    }
}

/// Takes an image out of the compare (`removeFromCompare`): the named one (default: the
/// current candidate). Removing the select makes the current candidate the select. Disabled
/// when only two images are left (close the compare instead); an image not in the compare is
/// refused (422).
public struct RemoveFromCompare: NamedCompareImage {
    public static let action = "removeFromCompare"
    static let lastPairReason = "a compare keeps at least 2 images; close it instead"

    public let image: ImageID?

    public init(image: ImageID? = nil) {
        self.image = image
    }

    public func validate(_ compare: ImageCompare, _ input: HandlerInput) -> HandlerVerdict {
        if let refusal = compare.refusal(ofNamed: target(in: compare)) { return refusal }
        return .handles(compare.candidates.count < 2 ? .disabled(Self.lastPairReason) : .enabled)
    }

    public func perform(_ compare: ImageCompare, _ context: inout PerformContext) throws(CommandError) {
        let image = target(in: compare)
        guard compare.candidates.count >= 2, let id = compare.path.windowID else { return }
        context.session.updateCompare(inWindow: id) { $0.remove(image) }
        context.reportCompare(inWindow: id)
    }
}

/// Makes the next or previous candidate the current one (`nextCandidate`,
/// `previousCandidate`); disabled at the last / first candidate (no wrap).
public struct StepCandidate<Step: CandidateStep>: Command {
    public typealias Performer = ImageCompare
    public static var action: String { Step.action }

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ compare: ImageCompare, _ input: HandlerInput) -> HandlerVerdict {
        .handles(compare.candidates.indices.contains(compare.current + Step.delta) ? .enabled : .disabled(Step.endReason))
    }

    public func perform(_ compare: ImageCompare, _ context: inout PerformContext) throws(CommandError) {
        guard compare.candidates.indices.contains(compare.current + Step.delta), let id = compare.path.windowID else { return }
        context.session.updateCompare(inWindow: id) { $0.stepCandidate(by: Step.delta) }
        context.reportCompare(inWindow: id)
    }
}

/// Which way `StepCandidate` goes.
public protocol CandidateStep: Sendable {
    static var action: String { get }
    static var delta: Int { get }
    static var endReason: String { get }
}

public enum NextCandidate: CandidateStep {
    public static let action = "nextCandidate"
    public static let delta = 1
    public static let endReason = "at the last candidate"
}

public enum PreviousCandidate: CandidateStep {
    public static let action = "previousCandidate"
    public static let delta = -1
    public static let endReason = "at the first candidate"
}

extension ImageCompare {
    /// Why a command naming `image` is refused: it is not one of the compared images (422,
    /// naming the `image` field). `nil` when it is.
    func refusal(ofNamed image: ImageID) -> HandlerVerdict? {
        contains(image) ? nil : .refused(.invalidArgument(Self.notCompared(image)))
    }

    static func notCompared(_ image: ImageID) -> ArgumentError {
        ArgumentError(field: "image", reason: .outOfRange("\(image) is not in the compare"))
    }
}
