/// A grid, viewer or compare as the performer of a rating, label or flag command, held
/// inline.
///
/// As `any ImageTarget` each of them is boxed on the heap (all three are larger than an
/// existential's inline buffer), one allocation per validation: a menu validates seventeen
/// such items a pass, and a command validates and performs. This enum holds the same
/// snapshot with no box, and `Session.performer(in:as:)` builds it directly.
public enum AnyImageTarget: ImageTarget {
    case grid(ImageGrid)
    case viewer(ImageViewer)
    case compare(ImageCompare)

    /// The responder in `slot` of `session`, when it holds images. (`borrowing`: an
    /// initialiser takes its arguments owned, and would copy the session.)
    init?(_ slot: ResponderSlot, in session: borrowing Session) {
        switch slot {
        case .grid(let index):
            guard let grid = session.windows[index].grid else { return nil }
            self = .grid(grid)
        case .viewer(let index):
            self = .viewer(session.windows[index].viewer)
        case .compare(let index):
            guard let compare = session.windows[index].compare else { return nil }
            self = .compare(compare)
        case .application, .window:
            return nil
        }
    }

    public var path: ResponderPath {
        switch self {
        case .grid(let grid): grid.path
        case .viewer(let viewer): viewer.path
        case .compare(let compare): compare.path
        }
    }

    public var kind: ResponderKind {
        switch self {
        case .grid: .grid
        case .viewer: .viewer
        case .compare: .compare
        }
    }

    public var targetImages: ImageSelection {
        switch self {
        case .grid(let grid): grid.targetImages
        case .viewer(let viewer): viewer.targetImages
        case .compare(let compare): compare.targetImages
        }
    }

    public var emptyReason: String {
        switch self {
        case .grid(let grid): grid.emptyReason
        case .viewer(let viewer): viewer.emptyReason
        case .compare(let compare): compare.emptyReason
        }
    }

    /// The images an attribute command changes: the target's own, or with `image` the one
    /// compared image it names. Only a compare takes `image`; any other target refuses it,
    /// and a compare refuses an image it does not hold.
    func images(naming image: ImageID?) throws(ArgumentError) -> ImageSelection {
        guard let image else { return targetImages }
        guard case .compare(let compare) = self else {
            throw ArgumentError(
                field: ImageCompare.imageArgument, reason: .outOfRange("only a compare takes an image; a \(kind.configName) changes its own"))
        }
        guard compare.contains(image) else { throw ImageCompare.notCompared(image) }
        return .one(image)
    }
}
