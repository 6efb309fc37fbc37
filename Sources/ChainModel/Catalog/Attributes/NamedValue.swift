/// Decoding shared by attributes whose wire form is one of a few names.
enum NamedValue {
    static func decode<Value: ImageAttribute>(_ json: JSON, field: String, names: [String]) throws(ArgumentError) -> Value {
        // Spelt out only for an error: every menu validation decodes these arguments.
        func expected() -> String { "one of " + names.joined(separator: ", ") }
        guard let text = json.stringValue else {
            throw ArgumentError(field: field, reason: .wrongType(expected: expected(), found: json.kindName))
        }
        guard let index = names.firstIndex(of: text) else {
            throw ArgumentError(field: field, reason: .outOfRange("\"\(text.prefix(40))\" is not \(expected())"))
        }
        return Value(uncheckedCode: UInt8(index))
    }
}
