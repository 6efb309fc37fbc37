/// A batch of catalog writes, one operation: what a command stages, the writer commits and
/// undo restores. Held compactly as segments, each giving one attribute's values to a
/// selection of images, so setting a million images to five stars is one segment with one
/// value, and restoring their previous ratings costs a byte per image.
public struct ChangeSet: Sendable, Equatable {
    public struct Segment: Sendable, Equatable {
        public enum Values: Sendable, Equatable {
            /// Every image gets this code.
            case all(UInt8)
            /// Each image its own code, in the order of `images`.
            case each([UInt8])
        }

        public let attribute: Attribute
        public let images: ImageSelection
        public let values: Values

        public init(attribute: Attribute, images: ImageSelection, values: Values) {
            if case .each(let codes) = values { precondition(codes.count == images.count, "one code per image") }
            self.attribute = attribute
            self.images = images
            // Per-image codes that are all the same are kept as one.
            if case .each(let codes) = values, let first = codes.first, codes.allSatisfy({ $0 == first }) {
                self.values = .all(first)
            } else {
                self.values = values
            }
        }

        /// The code the segment gives the image at `position` of `images`.
        public func code(at position: Int) -> UInt8 {
            switch values {
            case .all(let code): code
            case .each(let codes): codes[position]
            }
        }

        /// Each image with its code, in order.
        public var pairs: some Sequence<(id: ImageID, code: UInt8)> {
            zip(images, 0...).lazy.map { (id: $0.0, code: self.code(at: $0.1)) }
        }
    }

    public private(set) var segments: [Segment] = []

    public init() {}

    public init(_ segments: [Segment]) {
        self.segments = segments.contains { $0.images.isEmpty } ? segments.filter { !$0.images.isEmpty } : segments
    }

    /// One segment per attribute the changes set; a later change to the same image and
    /// attribute wins.
    public init(_ changes: [ImageChange]) {
        for attribute in Attribute.all {
            var latest: [ImageID: UInt8] = [:]
            var order: [ImageID] = []
            for change in changes {
                guard let code = change.values[attribute] else { continue }
                if latest.updateValue(code, forKey: change.id) == nil { order.append(change.id) }
            }
            guard !order.isEmpty else { continue }
            append(Segment(attribute: attribute, images: ImageSelection(unique: order), values: .each(order.map { latest[$0]! })))
        }
    }

    /// `value` on every image of `images`.
    public static func set<A: ImageAttribute>(_ value: A, on images: ImageSelection) -> ChangeSet {
        ChangeSet([Segment(attribute: A.attribute, images: images, values: .all(value.code))])
    }

    public var isEmpty: Bool { segments.isEmpty }
    /// Writes in all segments: an image set in two segments counts twice.
    public var writeCount: Int { segments.reduce(0) { $0 + $1.images.count } }

    public mutating func append(_ segment: Segment) {
        if !segment.images.isEmpty { segments.append(segment) }
    }

    public mutating func append(contentsOf other: ChangeSet) {
        if segments.isEmpty { segments = other.segments } else { segments += other.segments }
    }

    /// The code this batch gives `id` for `attribute`, if any: the last segment wins.
    public func code(of id: ImageID, _ attribute: Attribute) -> UInt8? {
        for segment in segments.reversed() where segment.attribute == attribute {
            if let position = segment.images.position(of: id) { return segment.code(at: position) }
        }
        return nil
    }

    /// Every write as an image with its values, in order, merged per image: a readable
    /// form of a small batch (tests compare with it).
    public var imageChanges: [ImageChange] {
        var order: [ImageID] = []
        var values: [ImageID: AttributeValues] = [:]
        for segment in segments {
            for (id, code) in segment.pairs {
                if values[id] == nil { order.append(id) }
                values[id, default: AttributeValues()][segment.attribute] = code
            }
        }
        return order.map { ImageChange(id: $0, values: values[$0]!) }
    }
}
