/// Makes a responder the first responder; refused with `notFound` when the path names none.
public struct Focus: Command {
    public typealias Performer = Application
    public static let action = "focus"

    public let responder: ResponderPath

    public init(responder: ResponderPath) {
        self.responder = responder
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("responder")
        responder = try arguments.required("responder")
    }

    public var arguments: Arguments { ["responder": responder.argumentJSON] }

    public func validate(_ app: Application, _ input: HandlerInput) -> HandlerVerdict {
        input.session.contains(responder)
            ? .handles(.enabled)
            : .refused(.notFound(kind: .responder, name: responder.string, field: "responder"))
    }

    public func perform(_ app: Application, _ context: inout PerformContext) throws(CommandError) {
        let previous = context.session.firstResponder
        try context.session.focus(responder)
        if previous != responder { context.emit(.focusChanged(from: previous, to: responder), from: responder) }
        context.result = [(key: "firstResponder", value: .string(responder.string))]
    }
}

/// Opens a window (a viewer window by default, optionally showing an image) and makes it key.
public struct NewWindow: Command {
    public typealias Performer = Application
    public static let action = "newWindow"

    public let kind: Window.Kind
    public let image: ImageID?

    public init(kind: Window.Kind = .viewer, image: ImageID? = nil) {
        self.kind = kind
        self.image = image
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("kind", "image")
        kind = try arguments.optional("kind") ?? .viewer
        image = try arguments.optional("image")
    }

    public var arguments: Arguments {
        Arguments([(key: "kind", value: kind.argumentJSON)] + (image.map { [(key: "image", value: $0.argumentJSON)] } ?? []))
    }

    public func validate(_ app: Application, _ input: HandlerInput) -> HandlerVerdict {
        if let image, !input.catalog.contains(image) {
            return .refused(.notFound(kind: .image, name: image.description, field: "image"))
        }
        return .handles(input.session.canOpenWindow ? .enabled : .disabled(Session.windowLimitReason))
    }

    public func perform(_ app: Application, _ context: inout PerformContext) throws(CommandError) {
        let previous = context.session.firstResponder
        let window = context.session.openWindow(kind: kind, image: image)
        context.emit(.windowOpened(window), from: .app)
        context.emit(.focusChanged(from: previous, to: window.defaultResponder), from: .app)
        context.result = [(key: "window", value: .string(window.id))]
    }
}
