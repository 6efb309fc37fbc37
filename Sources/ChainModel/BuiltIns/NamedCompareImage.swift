/// A compare command taking one optional `image` argument, a compared image that defaults
/// to the current candidate (`makeSelect`, `removeFromCompare`): the argument decoding and
/// the default they share.
public protocol NamedCompareImage: Command where Performer == ImageCompare {
    var image: ImageID? { get }
    init(image: ImageID?)
}

extension NamedCompareImage {
    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("image")
        self.init(image: try arguments.optional("image"))
    }

    public var arguments: Arguments { image.map { ["image": $0.argumentJSON] } ?? .empty }

    /// The image named, else the current candidate.
    func target(in compare: ImageCompare) -> ImageID { image ?? compare.currentCandidate }
}
