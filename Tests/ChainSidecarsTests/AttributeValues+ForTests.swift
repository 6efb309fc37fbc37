import ChainModel

extension AttributeValues {
    /// All three values of an image, as a sidecar records them.
    static func of(_ rating: Int, _ label: ColorLabel, _ flag: Flag) -> AttributeValues {
        var values = AttributeValues()
        values[Rating.self] = Rating(rating)
        values[ColorLabel.self] = label
        values[Flag.self] = flag
        return values
    }
}
