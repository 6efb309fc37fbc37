/// Typed helpers for the actions every server has (API v1, v1.1, v1.2). `image` on the
/// rating, label and flag commands is for a compare (which acts on its select otherwise);
/// `advance`, when given, overrides the window's auto-advance once.
extension Command {
    public static func setRating(_ rating: Int, image: String? = nil, advance: Bool? = nil) -> Command {
        action("setRating", withOptions(["rating": .number(Double(rating))], image: image, advance: advance))
    }

    public static func increaseRating(image: String? = nil, advance: Bool? = nil) -> Command {
        action("increaseRating", withOptions([:], image: image, advance: advance))
    }

    public static func decreaseRating(image: String? = nil, advance: Bool? = nil) -> Command {
        action("decreaseRating", withOptions([:], image: image, advance: advance))
    }

    public static func setLabel(_ label: ColorLabel, image: String? = nil, advance: Bool? = nil) -> Command {
        action("setLabel", withOptions(["label": .string(label.rawValue)], image: image, advance: advance))
    }

    public static func setFlag(_ flag: Flag, image: String? = nil, advance: Bool? = nil) -> Command {
        action("setFlag", withOptions(["flag": .string(flag.rawValue)], image: image, advance: advance))
    }

    public static func select(_ images: [String]) -> Command { action("select", ["images": .array(images.map(JSONValue.string))]) }
    public static var selectAll: Command { action("selectAll") }
    public static var deselectAll: Command { action("deselectAll") }

    public static func openImage(_ image: String? = nil) -> Command {
        action("openImage", image.map { ["image": .string($0)] } ?? [:])
    }

    public static var closeViewer: Command { action("closeViewer") }
    public static var nextImage: Command { action("nextImage") }
    public static var previousImage: Command { action("previousImage") }
    public static func focus(_ responder: String) -> Command { action("focus", ["responder": .string(responder)]) }

    /// A viewer window showing `image`.
    public static func newWindow(image: String? = nil) -> Command {
        action("newWindow", withOptions(["kind": "viewer"], image: image, advance: nil))
    }

    public static var closeWindow: Command { action("closeWindow") }

    /// `force` overwrites images another session changed since (v1.2 conflicts).
    public static func undo(force: Bool = false) -> Command { action("undo", force ? ["force": true] : [:]) }
    public static var redo: Command { action("redo") }

    public static func setLayout(columns: Int) -> Command { action("setLayout", ["columns": .number(Double(columns))]) }

    /// `direction`: left, right, up, down, home, end, pageUp, pageDown.
    public static func moveSelection(_ direction: String, extend: Bool = false) -> Command {
        action("moveSelection", ["direction": .string(direction), "extend": .bool(extend)])
    }

    /// `filter`: `{"minRating", "ratings", "labels", "flags"}`; an empty one is the whole catalog.
    public static func setFilter(_ filter: JSONValue) -> Command { action("setFilter", ["filter": filter]) }

    /// `by`: id, name, captureTime or rating; `order`: asc or desc.
    public static func setSort(by: String, order: String = "asc") -> Command {
        action("setSort", ["by": .string(by), "order": .string(order)])
    }

    public static var toggleAutoAdvance: Command { action("toggleAutoAdvance") }

    /// Opens a compare of 2–8 images (default: the selection).
    public static func compare(_ images: [String]? = nil) -> Command {
        action("compare", images.map { ["images": .array($0.map(JSONValue.string))] } ?? [:])
    }

    public static func makeSelect(_ image: String) -> Command { action("makeSelect", ["image": .string(image)]) }
    public static var swap: Command { action("swap") }
    public static var nextCandidate: Command { action("nextCandidate") }
    public static var previousCandidate: Command { action("previousCandidate") }
    public static func removeFromCompare(_ image: String) -> Command { action("removeFromCompare", ["image": .string(image)]) }

    public static func setZoom(scale: Double, center: (Double, Double)? = nil) -> Command {
        var args: [String: JSONValue] = ["scale": .number(scale)]
        if let center { args["center"] = [.number(center.0), .number(center.1)] }
        return action("setZoom", .object(args))
    }

    public static var closeCompare: Command { action("closeCompare") }

    /// Makes a window's viewer show what another session's viewer shows.
    public static func follow(session: String) -> Command { action("follow", ["session": .string(session)]) }
    public static var unfollow: Command { action("unfollow") }

    private static func withOptions(_ args: [String: JSONValue], image: String?, advance: Bool?) -> JSONValue {
        var args = args
        if let image { args["image"] = .string(image) }
        if let advance { args["advance"] = .bool(advance) }
        return .object(args)
    }
}
