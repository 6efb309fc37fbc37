/// One image of the catalog: what every session sees, rates, labels and flags.
public struct Image: Equatable, Sendable {
    public var id: ImageID
    public var name: String
    /// Every attribute's value (`rating`, `label`, `flag`, …).
    public var values: AttributeValues
    /// Where the file was imported from, when it came from `chain-server import`.
    public var path: String?
    public var byteSize: Int64?
    public var width: Int?
    public var height: Int?
    /// Lower-case file format (`jpeg`, `png`, `heic`, `tiff`, `raw`, …) when known.
    public var format: String?
    /// Capture time, camera, lens, exposure and orientation, from the file at import.
    public var metadata: ImageMetadata

    public init(
        id: ImageID, name: String, values: AttributeValues = .defaults, path: String? = nil,
        byteSize: Int64? = nil, width: Int? = nil, height: Int? = nil, format: String? = nil,
        metadata: ImageMetadata = .unknown
    ) {
        self.id = id
        self.name = name
        self.values = values
        self.path = path
        self.byteSize = byteSize
        self.width = width
        self.height = height
        self.format = format
        self.metadata = metadata
    }

    public init(id: ImageID, name: String, rating: Rating, label: ColorLabel = .none, flag: Flag = .none) {
        var values = AttributeValues.defaults
        values[Rating.self] = rating
        values[ColorLabel.self] = label
        values[Flag.self] = flag
        self.init(id: id, name: name, values: values)
    }

    /// When it was taken, in milliseconds since the epoch (UTC): what sorting by capture time reads.
    public var captureMilliseconds: Int64? { metadata.captureTime?.milliseconds }

    public var rating: Rating {
        get { values[Rating.self] ?? .none }
        set { values[Rating.self] = newValue }
    }

    public var label: ColorLabel {
        get { values[ColorLabel.self] ?? .none }
        set { values[ColorLabel.self] = newValue }
    }

    public var flag: Flag {
        get { values[Flag.self] ?? .none }
        set { values[Flag.self] = newValue }
    }
}
