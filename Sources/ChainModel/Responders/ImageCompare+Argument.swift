extension ImageCompare {
    /// The `image` argument rating, label and flag commands take: a compared image for a
    /// compare to change instead of its select (`AnyImageTarget.images(naming:)`).
    static let imageArgument = "image"
}
