enum AttributeValidation {
    /// A viewer showing nothing declines, so the grid below it in the chain gets the
    /// command; a grid with an empty selection handles it, disabled. With `image` (a compared
    /// image, `ImageTarget.images(naming:)`) the validation is over that image alone, and a
    /// target that takes no image refuses it.
    static func verdict(
        for target: any ImageTarget, image: ImageID? = nil, _ input: HandlerInput, _ attribute: Attribute,
        _ validation: (ValueHistogram) -> Validation
    ) -> HandlerVerdict {
        if let image {
            do throws(ArgumentError) {
                let images = try target.images(naming: image)
                return .handles(validation(input.catalog.histogram(of: images, attribute)))
            } catch {
                return .refused(.invalidArgument(error))
            }
        }
        guard !target.targetImages.isEmpty else {
            return target is ImageViewer ? .declined(target.emptyReason) : .handles(.disabled(target.emptyReason))
        }
        return .handles(validation(input.histogram(of: target, attribute)))
    }
}
