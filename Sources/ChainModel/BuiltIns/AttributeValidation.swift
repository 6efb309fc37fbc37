enum AttributeValidation {
    /// A viewer showing nothing declines, so the grid below it in the chain gets the
    /// command; a grid with an empty selection handles it, disabled.
    static func verdict(
        for target: any ImageTarget, _ input: HandlerInput, _ attribute: Attribute, _ validation: (ValueHistogram) -> Validation
    ) -> HandlerVerdict {
        guard !target.targetImages.isEmpty else {
            return target is ImageViewer ? .declined(target.emptyReason) : .handles(.disabled(target.emptyReason))
        }
        return .handles(validation(input.histogram(of: target, attribute)))
    }
}
