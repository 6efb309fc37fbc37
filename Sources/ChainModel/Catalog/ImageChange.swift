/// One image and the attribute values a write gives it: the unit every catalog write is
/// made of, whatever the attribute.
public struct ImageChange: Sendable, Hashable {
    public var id: ImageID
    public var values: AttributeValues

    public init(id: ImageID, values: AttributeValues) {
        self.id = id
        self.values = values
    }

    /// One attribute set to `value`.
    public init<A: ImageAttribute>(id: ImageID, _ value: A) {
        self.id = id
        self.values = AttributeValues()
        self.values[A.self] = value
    }
}
