/// An object's members read as a `Decodable` model's synthesized `init(from:)` reads them
/// (a missing or null optional is nil; a member of another kind is a mismatch), for the
/// event models built straight from a parsed `JSONValue`. A mismatch sends the caller back
/// to JSONDecoder, which then reports it in its own words (or reads what this does not).
struct JSONMembers {
    /// The value had another shape than the model expects.
    struct Mismatch: Error {}

    let members: [String: JSONValue]

    init(_ value: JSONValue) throws(Mismatch) {
        guard case .object(let members) = value else { throw Mismatch() }
        self.members = members
    }

    /// A required member, whatever its kind (null included).
    func value(_ key: String) throws(Mismatch) -> JSONValue {
        guard let value = members[key] else { throw Mismatch() }
        return value
    }

    /// An optional member: nil when missing or null.
    func optionalValue(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws(Mismatch) -> String {
        guard case .string(let text) = members[key] else { throw Mismatch() }
        return text
    }

    func optionalString(_ key: String) throws(Mismatch) -> String? {
        guard let value = optionalValue(key) else { return nil }
        guard case .string(let text) = value else { throw Mismatch() }
        return text
    }

    func int(_ key: String) throws(Mismatch) -> Int {
        guard let number = members[key]?.intValue else { throw Mismatch() }
        return number
    }

    func optionalInt(_ key: String) throws(Mismatch) -> Int? {
        guard let value = optionalValue(key) else { return nil }
        guard let number = value.intValue else { throw Mismatch() }
        return number
    }

    func bool(_ key: String) throws(Mismatch) -> Bool {
        guard case .bool(let flag) = members[key] else { throw Mismatch() }
        return flag
    }

    func array(_ key: String) throws(Mismatch) -> [JSONValue] {
        guard case .array(let elements) = members[key] else { throw Mismatch() }
        return elements
    }

    func optionalArray(_ key: String) throws(Mismatch) -> [JSONValue]? {
        guard let value = optionalValue(key) else { return nil }
        guard case .array(let elements) = value else { throw Mismatch() }
        return elements
    }

    func strings(_ key: String) throws(Mismatch) -> [String] {
        try Self.strings(array(key))
    }

    func optionalStrings(_ key: String) throws(Mismatch) -> [String]? {
        guard let elements = try optionalArray(key) else { return nil }
        return try Self.strings(elements)
    }

    private static func strings(_ elements: [JSONValue]) throws(Mismatch) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let text) = element else { throw Mismatch() }
            texts.append(text)
        }
        return texts
    }
}
