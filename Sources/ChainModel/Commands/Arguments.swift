/// A command's arguments: the members of a JSON object, decoded field by field into
/// typed values by the command that reads them.
public struct Arguments: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public static let empty = Arguments()

    public private(set) var members: [(key: String, value: JSON)]

    public init(_ members: [(key: String, value: JSON)] = []) {
        self.members = members
    }

    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.members = elements.map { (key: $0.0, value: $0.1) }
    }

    public static func == (lhs: Arguments, rhs: Arguments) -> Bool {
        JSON.object(lhs.members) == JSON.object(rhs.members)
    }

    public var isEmpty: Bool { members.isEmpty }
    public var json: JSON { .object(members) }

    public subscript(key: String) -> JSON? {
        members.first { $0.key == key }?.value
    }

    /// The value of `field`, decoded; `ArgumentError.missing` when absent or null.
    public func required<Value: ArgumentValue>(_ field: String, as type: Value.Type = Value.self)
        throws(ArgumentError) -> Value
    {
        guard let json = self[field], !json.isNull else { throw ArgumentError(field: field, reason: .missing) }
        return try Value(argument: json, field: field)
    }

    /// The value of `field`, decoded, or `nil` when absent or null.
    public func optional<Value: ArgumentValue>(_ field: String, as type: Value.Type = Value.self)
        throws(ArgumentError) -> Value?
    {
        guard let json = self[field], !json.isNull else { return nil }
        return try Value(argument: json, field: field)
    }

    /// Refuses members other than `fields`, so a misspelt argument is an error rather
    /// than silently ignored.
    public func allowOnly(_ fields: String...) throws(ArgumentError) {
        if let stray = members.first(where: { !fields.contains($0.key) }) {
            throw ArgumentError(field: stray.key, reason: .unexpected)
        }
    }
}

/// A type a command argument decodes into, with the field name for errors.
public protocol ArgumentValue: Sendable {
    init(argument json: JSON, field: String) throws(ArgumentError)
    var argumentJSON: JSON { get }
}

extension Rating: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        guard case .number(let number, _) = json else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "an integer from 0 to 5", found: json.kindName))
        }
        guard let integer = json.intValue else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "an integer from 0 to 5", found: "\(JSON.number(number))"))
        }
        guard let rating = Rating(integer) else {
            throw ArgumentError(field: field, reason: .outOfRange("\(integer) is not in 0...5"))
        }
        self = rating
    }

    public var argumentJSON: JSON { .number(Double(value)) }
}

extension ImageID: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        guard let text = json.stringValue else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "an image id string", found: json.kindName))
        }
        guard let id = ImageID(text) else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "an image id like \"img-1\"", found: "\"\(text.prefix(40))\""))
        }
        self = id
    }

    public var argumentJSON: JSON { .string(description) }
}

extension String: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        guard let text = json.stringValue else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "a string", found: json.kindName))
        }
        self = text
    }

    public var argumentJSON: JSON { .string(self) }
}

extension ResponderPath: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        let text = try String(argument: json, field: field)
        guard let path = ResponderPath(parsing: text) else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "a responder path like \"main/grid\"", found: "\"\(text.prefix(40))\""))
        }
        self = path
    }

    public var argumentJSON: JSON { .string(string) }
}

extension Window.Kind: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        let text = try String(argument: json, field: field)
        // Compared directly: the synthesised `init(rawValue:)` searches a table of names.
        guard let kind: Window.Kind = text == "browser" ? .browser : text == "viewer" ? .viewer : nil else {
            throw ArgumentError(field: field, reason: .outOfRange("\"\(text.prefix(40))\" is not one of browser, viewer"))
        }
        self = kind
    }

    public var argumentJSON: JSON { .string(rawValue) }
}

extension Array: ArgumentValue where Element: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        guard let values = json.arrayValue else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "an array", found: json.kindName))
        }
        var decoded: [Element] = []
        decoded.reserveCapacity(values.count)
        for (offset, value) in values.enumerated() {
            // The element's field name is spelt out only for an error: a 10,000-image
            // selection would otherwise build 10,000 strings to throw away.
            do throws(ArgumentError) {
                decoded.append(try Element(argument: value, field: field))
            } catch {
                var error = error
                let element = "\(field)[\(offset)]"
                error.field = error.field.hasPrefix(field) ? element + error.field.dropFirst(field.count) : element
                throw error
            }
        }
        self = decoded
    }

    public var argumentJSON: JSON { .array(map(\.argumentJSON)) }
}
