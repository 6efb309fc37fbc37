/// Gives the performer's images one value of an attribute: the viewer's image, else the
/// grid's selection, a compare's select or the compared `image` named (`setRating`,
/// `setLabel`, `setFlag`). Checked `on` when all of them have it already, `mixed` when some do.
public struct SetAttribute<Value: ImageAttribute>: Command {
    public typealias Performer = any ImageTarget
    public static var action: String { Value.attribute.action }

    public let value: Value
    /// `advance`: overrides the window's auto-advance once; `nil` follows it.
    public let advance: Bool?
    /// `image`: the compared image a compare changes instead of its select (`ImageTarget.images(naming:)`).
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
        var found: (value: JSON?, advance: JSON?, image: JSON?) = (nil, nil, nil)
        for (key, json) in arguments.members {
            if key == name {
                if found.value == nil { found.value = json }
            } else if key == Advance.argument {
                if found.advance == nil { found.advance = json }
            } else if key == ImageCompare.imageArgument {
                if found.image == nil { found.image = json }
            } else {
                throw ArgumentError(field: key, reason: .unexpected)
            }
        }
        guard let json = found.value, !json.isNull else { throw ArgumentError(field: name, reason: .missing) }
        value = try Value(argument: json, field: name)
        advance = try Advance.override(found.advance)
        if let json = found.image, !json.isNull {
            image = try ImageID(argument: json, field: ImageCompare.imageArgument)
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
