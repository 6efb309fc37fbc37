/// Gives the performer's images one value of an attribute: the viewer's image, else the
/// grid's selection, a compare's select or the compared `image` named (`setRating`,
/// `setLabel`, `setFlag`). Checked `on` when all of them have it already, `mixed` when some do.
public struct SetAttribute<Value: ImageAttribute>: Command {
    public typealias Performer = AnyImageTarget
    public static var action: String { Value.attribute.action }

    public let value: Value
    /// `advance`: overrides the window's auto-advance once; `nil` follows it.
    public let advance: Bool?
    /// `image`: the compared image a compare changes instead of its select (`AnyImageTarget.images(naming:)`).
    public let image: ImageID?

    public init(_ value: Value, advance: Bool? = nil, image: ImageID? = nil) {
        self.value = value
        self.advance = advance
        self.image = image
    }

    /// One pass over the members: a menu validates this for every rating, label and flag
    /// item, so three lookups and a check for strays each cost a pass too many.
    public init(arguments: Arguments) throws(ArgumentError) {
        let name = Value.attribute.name
        let members = arguments.members
        // Where each member is, the first of each name: the values are read in place once
        // the keys are checked, not copied into optionals first.
        var found: (value: Int, advance: Int, image: Int) = (-1, -1, -1)
        for index in members.indices {
            if members[index].key == name {
                if found.value < 0 { found.value = index }
            } else if members[index].key == Advance.argument {
                if found.advance < 0 { found.advance = index }
            } else if members[index].key == ImageCompare.imageArgument {
                if found.image < 0 { found.image = index }
            } else {
                throw ArgumentError(field: members[index].key, reason: .unexpected)
            }
        }
        guard found.value >= 0, !members[found.value].value.isNull else { throw ArgumentError(field: name, reason: .missing) }
        value = try Value(argument: members[found.value].value, field: name)
        advance = found.advance < 0 ? nil : try Advance.override(members[found.advance].value)
        if found.image >= 0, !members[found.image].value.isNull {
            image = try ImageID(argument: members[found.image].value, field: ImageCompare.imageArgument)
        } else {
            image = nil
        }
    }

    public var arguments: Arguments {
        var members = [(key: Value.attribute.name, value: value.argumentJSON)]
        if let advance { members.append((key: Advance.argument, value: .bool(advance))) }
        if let image { members.append((key: ImageCompare.imageArgument, value: image.argumentJSON)) }
        return Arguments(members)
    }

    public func validate(_ target: Performer, _ input: HandlerInput) -> HandlerVerdict {
        AttributeValidation.verdict(for: target, image: image, input, Value.attribute) { .enabled(state: $0.state(for: value)) }
    }

    public func perform(_ target: Performer, _ context: inout PerformContext) throws(CommandError) {
        let images: ImageSelection
        do throws(ArgumentError) { images = try target.images(naming: image) } catch { throw .invalidArgument(error) }
        context.change(.set(value, on: images), undoName: Value.attribute.undoName)
        context.result = [
            (key: Value.attribute.name, value: value.argumentJSON), (key: "count", value: .number(Double(images.count))),
        ]
        context.advance(after: target, override: advance)
    }
}

public typealias SetRating = SetAttribute<Rating>
public typealias SetLabel = SetAttribute<ColorLabel>
public typealias SetFlag = SetAttribute<Flag>

extension SetAttribute where Value == Rating {
    public init(rating: Rating) { self.init(rating) }
}
