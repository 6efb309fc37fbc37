/// Which images a grid shows (`setFilter`): `{"minRating": 0–5, "ratings": [...], "labels":
/// [...], "flags": [...]}`, every member optional; an image shows when it passes each one
/// given. The empty filter passes the whole catalog.
///
/// Each attribute's list is kept as a mask of allowed codes (bit `code`), so matching an image
/// is one load and one test per attribute the filter names.
public struct ImageFilter: Sendable, Hashable {
    /// The lowest rating shown, or `nil`.
    public private(set) var minRating: Rating?
    /// Per attribute slot, the codes shown (bit `code` set), or `nil` for any.
    public private(set) var allowed = SlotMasks()

    public init() {}

    public init(minRating: Rating? = nil, ratings: [Rating]? = nil, labels: [ColorLabel]? = nil, flags: [Flag]? = nil) {
        self.minRating = minRating
        allow(ratings)
        allow(labels)
        allow(flags)
    }

    private mutating func allow<A: ImageAttribute>(_ values: [A]?) {
        guard let values else { return }
        allowed[A.attribute.slot] = values.reduce(0) { $0 | 1 << UInt16($1.code) }
    }

    public static let all = ImageFilter()

    public var isEmpty: Bool { minRating == nil && allowed.isEmpty }

    /// The list member naming `attribute`'s allowed values: `ratings`, `labels`, `flags`.
    static func member(of attribute: Attribute) -> String { attribute.name + "s" }

    /// The mask each attribute's code must meet, `minRating` folded into the ratings':
    /// what a build tests, computed once per build.
    var effectiveMasks: SlotMasks {
        var masks = allowed
        if let minRating {
            let slot = Rating.attribute.slot
            let atLeast = UInt16.max << UInt16(minRating.code)
            masks[slot] = (masks[slot] ?? UInt16.max) & atLeast
        }
        return masks
    }

    /// Whether an image with these codes passes.
    public func matches(_ codes: (Attribute) -> UInt8?) -> Bool {
        let masks = effectiveMasks
        for slot in Attribute.all.indices {
            guard let mask = masks[slot] else { continue }
            guard let code = codes(Attribute.all[slot]), mask & 1 << UInt16(code) != 0 else { return false }
        }
        return true
    }
}

extension ImageFilter: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        guard let members = json.objectMembers else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "an object", found: json.kindName))
        }
        self.init()
        let lists = Attribute.all.map(Self.member(of:))
        for (key, value) in members where value != .null {
            let path = field + "." + key
            if key == "minRating" {
                minRating = try Rating(argument: value, field: path)
                continue
            }
            guard let slot = lists.firstIndex(of: key) else { throw ArgumentError(field: path, reason: .unexpected) }
            guard let values = value.arrayValue else {
                throw ArgumentError(field: path, reason: .wrongType(expected: "a list of values", found: value.kindName))
            }
            guard !values.isEmpty else {
                throw ArgumentError(field: path, reason: .outOfRange("list at least one value, or leave \(key) out"))
            }
            var mask: UInt16 = 0
            for (index, value) in values.enumerated() {
                mask |= 1 << UInt16(try Attribute.all[slot].code(value, field: "\(path)[\(index)]"))
            }
            allowed[slot] = mask
        }
    }

    /// Members in a fixed order, each list in code order, so equal filters are equal JSON.
    public var argumentJSON: JSON {
        var members: [(key: String, value: JSON)] = []
        if let minRating { members.append((key: "minRating", value: minRating.argumentJSON)) }
        for attribute in Attribute.all {
            guard let mask = allowed[attribute.slot] else { continue }
            let codes = (0..<UInt8(attribute.valueCount)).filter { mask & 1 << UInt16($0) != 0 }
            members.append((key: Self.member(of: attribute), value: .array(codes.map(attribute.json))))
        }
        return .object(members)
    }
}
