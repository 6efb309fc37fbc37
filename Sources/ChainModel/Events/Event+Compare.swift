extension Event {
    /// A compare opened or changed: `{"compare": path, "select", "candidates", "candidate",
    /// "zoom": {"scale", "center": [x, y]}}`, everything a client needs to draw its panes.
    public static func compareChanged(_ compare: ImageCompare) -> Event {
        Event(type: "compareChanged", payload: [(key: "compare", value: .string(compare.path.string))] + compare.stateJSON)
    }

    /// A compare closed: `{"compare": path}`.
    public static func compareClosed(_ path: ResponderPath) -> Event {
        Event(type: "compareClosed", payload: [(key: "compare", value: .string(path.string))])
    }
}

extension ImageCompare {
    /// `select`, `candidates`, `candidate` (the current one) and `zoom`, as events, answers
    /// and the window's object show them.
    public var stateJSON: [(key: String, value: JSON)] {
        [
            (key: "select", value: select.argumentJSON), (key: "candidates", value: candidates.argumentJSON),
            (key: "candidate", value: currentCandidate.argumentJSON), (key: "zoom", value: zoom.json),
        ]
    }
}

extension CompareZoom {
    /// `{"scale": 2, "center": [0.5, 0.25]}`.
    public var json: JSON {
        .object([(key: "scale", value: .number(scale)), (key: "center", value: .array([.number(centerX), .number(centerY)]))])
    }
}
