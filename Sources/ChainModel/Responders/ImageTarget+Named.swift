extension ImageCompare {
    /// The `image` argument rating, label and flag commands take: a compared image for a
    /// compare to change instead of its select.
    static let imageArgument = "image"
}

extension ImageTarget {
    /// The images an attribute command changes: the target's own, or with `image` the one
    /// compared image it names. Only a compare takes `image`; any other target refuses it,
    /// and a compare refuses an image it does not hold.
    func images(naming image: ImageID?) throws(ArgumentError) -> ImageSelection {
        guard let image else { return targetImages }
        guard let compare = self as? ImageCompare else {
            throw ArgumentError(
                field: ImageCompare.imageArgument, reason: .outOfRange("only a compare takes an image; a \(kind.configName) changes its own"))
        }
        guard compare.contains(image) else { throw ImageCompare.notCompared(image) }
        return .one(image)
    }
}
