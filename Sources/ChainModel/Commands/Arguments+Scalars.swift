extension Bool: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        guard case .bool(let value) = json else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "true or false", found: json.kindName))
        }
        self = value
    }

    public var argumentJSON: JSON { .bool(self) }
}

extension Int: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        guard case .number = json, let value = json.intValue else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "an integer", found: json.kindName))
        }
        self = value
    }

    public var argumentJSON: JSON { .number(Double(self)) }
}

extension Double: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        guard case .number(let value, _) = json, value.isFinite else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "a number", found: json.kindName))
        }
        self = value
    }

    public var argumentJSON: JSON { .number(self) }
}
