/// Sets the zoom every pane of the compare shows (`setZoom {"scale", "center": [x, y]}`,
/// `CompareZoom`): scale above 0 and at most 16, centre in [0, 1]², others refused (422).
/// Without `center` the centre stays. Always enabled; not an undo step.
public struct SetZoom: Command {
    public typealias Performer = ImageCompare
    public static let action = "setZoom"

    public let scale: Double
    public let center: (x: Double, y: Double)?

    public init(scale: Double, center: (x: Double, y: Double)? = nil) {
        self.scale = scale
        self.center = center
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("scale", "center")
        scale = try arguments.required("scale")
        guard scale > 0, scale <= CompareZoom.maxScale else {
            throw ArgumentError(field: "scale", reason: .outOfRange("\(scale) is not above 0 and at most \(CompareZoom.maxScale)"))
        }
        guard let point: [Double] = try arguments.optional("center") else {
            center = nil
            return
        }
        guard point.count == 2, point.allSatisfy((0...1).contains) else {
            throw ArgumentError(field: "center", reason: .outOfRange("expected [x, y] with each in 0...1"))
        }
        center = (x: point[0], y: point[1])
    }

    public var arguments: Arguments {
        var members = [(key: "scale", value: JSON.number(scale))]
        if let center { members.append((key: "center", value: .array([.number(center.x), .number(center.y)]))) }
        return Arguments(members)
    }

    public func validate(_ compare: ImageCompare, _ input: HandlerInput) -> HandlerVerdict { .handles(.enabled) }

    public func perform(_ compare: ImageCompare, _ context: inout PerformContext) throws(CommandError) {
        guard let id = compare.path.windowID else { return }
        let zoom = CompareZoom(
            scale: scale, centerX: center?.x ?? compare.zoom.centerX, centerY: center?.y ?? compare.zoom.centerY)
        context.session.updateCompare(inWindow: id) { $0.zoom = zoom }
        context.reportCompare(inWindow: id)
    }
}
