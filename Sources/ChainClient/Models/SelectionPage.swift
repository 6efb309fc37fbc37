/// A page of a grid's whole selection, in selection order (`GET …/selection`).
public struct SelectionPage: Codable, Sendable, Hashable {
    public var selection: [String]
    public var next: String?
    public var limit: Int?
}
