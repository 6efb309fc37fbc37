/// Every image's attribute codes in dense columns indexed by image id, with
/// `Attribute.absent` where the catalog has no image: a lookup is one load, and a
/// histogram over a selection is a tight loop over its runs.
public struct AttributeColumns: Sendable {
    /// `columns[attribute.slot][id]`.
    private var columns: [[UInt8]] = Array(repeating: [], count: Attribute.all.count)
    /// Present ids ascending: the grid order.
    public private(set) var order = ImageSelection()

    public init() {}

    public var imageCount: Int { order.count }

    /// Adds images (or replaces their values); attributes `values` leaves unset start at
    /// their first value. Ids must be positive.
    public mutating func insert(_ entries: some Sequence<(ImageID, AttributeValues)>) {
        var added = false
        for (id, values) in entries {
            precondition(id.rawValue > 0, "image ids are positive")
            let slot = Int(id.rawValue)
            if slot >= columns[0].count {
                for index in columns.indices {
                    columns[index].append(contentsOf: repeatElement(Attribute.absent, count: slot - columns[index].count + 1))
                }
            }
            if columns[0][slot] == Attribute.absent { added = true }
            for attribute in Attribute.all {
                columns[attribute.slot][slot] = values[attribute] ?? 0
            }
        }
        if added {
            let presence = columns[0]
            order = ImageSelection(unique: presence.indices.lazy.filter { presence[$0] != Attribute.absent }.map { ImageID(Int64($0)) })
        }
    }

    /// `attribute`'s codes indexed by id, `Attribute.absent` where there is no image: for a
    /// pass over many images that reads each with one load (a working set's build).
    public func column(_ attribute: Attribute) -> [UInt8] { columns[attribute.slot] }

    public func contains(_ id: ImageID) -> Bool { code(of: id, Attribute.all[0]) != nil }

    public func code(of id: ImageID, _ attribute: Attribute) -> UInt8? {
        let slot = Int(truncatingIfNeeded: id.rawValue)
        let column = columns[attribute.slot]
        guard slot > 0, slot < column.count, column[slot] != Attribute.absent else { return nil }
        return column[slot]
    }

    public func values(of id: ImageID) -> AttributeValues? {
        guard contains(id) else { return nil }
        var values = AttributeValues()
        for attribute in Attribute.all { values[attribute] = code(of: id, attribute) }
        return values
    }

    /// Each image's code in order, `Attribute.absent` for images the catalog lacks.
    public func codes(of images: ImageSelection, _ attribute: Attribute) -> [UInt8] {
        var codes: [UInt8] = []
        codes.reserveCapacity(images.count)
        columns[attribute.slot].withUnsafeBufferPointer { column in
            for run in images.runs {
                for raw in run.first..<run.end { codes.append(Self.code(at: raw, in: column)) }
            }
        }
        return codes
    }

    public func histogram(of images: ImageSelection, _ attribute: Attribute) -> ValueHistogram {
        // A viewer's image or a small selection: counted straight into the histogram.
        guard images.count > 64 else {
            var histogram = ValueHistogram()
            columns[attribute.slot].withUnsafeBufferPointer { column in
                for run in images.runs {
                    for raw in run.first..<run.end {
                        let code = Self.code(at: raw, in: column)
                        if code == Attribute.absent { histogram.missing += 1 } else { histogram[code] += 1 }
                    }
                }
            }
            return histogram
        }
        // Counted per code (absent included) in a stack buffer, one increment per image with
        // no branch on the value, then folded into the histogram once.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            counts.initialize(repeating: 0)
            columns[attribute.slot].withUnsafeBufferPointer { column in
                let size = column.count
                images.runs.withUnsafeBufferPointer { runs in
                    for run in runs {
                        var slot = Int(truncatingIfNeeded: run.first)
                        if run.count == 1, slot > 0, slot < size {  // a hand-picked selection
                            counts[Int(column[slot])] += 1
                            continue
                        }
                        let end = slot &+ run.count
                        guard slot > 0, end <= size else {
                            for raw in run.first..<run.end { counts[Int(Self.code(at: raw, in: column))] += 1 }
                            continue
                        }
                        while slot < end {
                            counts[Int(column[slot])] += 1
                            slot &+= 1
                        }
                    }
                }
            }
            var histogram = ValueHistogram()
            for code in 0..<UInt8(ValueHistogram.capacity) where counts[Int(code)] > 0 { histogram[code] = counts[Int(code)] }
            histogram.missing = counts[Int(Attribute.absent)]
            return histogram
        }
    }

    private static func code(at raw: Int64, in column: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let slot = Int(truncatingIfNeeded: raw)
        return slot > 0 && slot < column.count ? column[slot] : Attribute.absent
    }

    /// Writes a batch; writes to images the catalog lacks are dropped.
    public mutating func apply(_ changes: ChangeSet) {
        for segment in changes.segments {
            columns[segment.attribute.slot].withUnsafeMutableBufferPointer { column in
                var position = 0
                for run in segment.images.runs {
                    for raw in run.first..<run.end {
                        let slot = Int(truncatingIfNeeded: raw)
                        if slot > 0, slot < column.count, column[slot] != Attribute.absent { column[slot] = segment.code(at: position) }
                        position += 1
                    }
                }
            }
        }
    }

    /// The image after / before `id` in grid order.
    public func id(after id: ImageID) -> ImageID? {
        let column = columns[0]
        var slot = Int(truncatingIfNeeded: Swift.max(id.rawValue, 0)) + 1
        while slot < column.count {
            if column[slot] != Attribute.absent { return ImageID(Int64(slot)) }
            slot += 1
        }
        return nil
    }

    public func id(before id: ImageID) -> ImageID? {
        let column = columns[0]
        var slot = Swift.min(Int(truncatingIfNeeded: id.rawValue), column.count) - 1
        while slot > 0 {
            if column[slot] != Attribute.absent { return ImageID(Int64(slot)) }
            slot -= 1
        }
        return nil
    }
}
