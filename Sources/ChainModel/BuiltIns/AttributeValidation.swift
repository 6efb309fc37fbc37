enum AttributeValidation {
    /// A viewer showing nothing declines, so the grid below it in the chain gets the
    /// command; a grid with an empty selection handles it, disabled. With `image` (a compared
    /// image, `AnyImageTarget.images(naming:)`) the validation is over that image alone, and a
    /// target that takes no image refuses it. A read-only session (a viewer's, as the
    /// application's context says) validates every such write disabled, "read-only".
    static func verdict(
        for target: AnyImageTarget, image: ImageID? = nil, _ input: HandlerInput, _ attribute: Attribute,
        _ validation: (ValueHistogram) -> Validation
    ) -> HandlerVerdict {
        if let image {
            do throws(ArgumentError) {
                let images = try target.images(naming: image)
                let verdict = validation(input.catalog.histogram(of: images, attribute))
                guard input.isReadOnly else { return .handles(verdict) }
                return .handles(.readOnly(keeping: verdict))
            } catch {
                return .refused(.invalidArgument(error))
            }
        }
        guard !target.targetImages.isEmpty else {
            if case .viewer = target { return .declined(target.emptyReason) }
            return .handles(input.isReadOnly ? .readOnly() : .disabled(target.emptyReason))
        }
        // The validation goes straight into the verdict: kept in a local first, it was copied.
        guard input.isReadOnly else { return .handles(validation(input.histogram(of: target, attribute))) }
        return .handles(.readOnly(keeping: validation(input.histogram(of: target, attribute))))
    }
}
