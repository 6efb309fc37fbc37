import ChainModel

/// One live session as `GET /v1/presence` and the `presence` event show it: who it acts
/// for, what its viewer shows (`Session.shownImage`, what a window following it shows), and
/// per window the first responder when it lies in that window, the image shown, how many
/// images its grid selects and whom it follows.
package struct PresenceEntry: WireObject, Equatable {
    package struct WindowEntry: WireObject, Equatable {
        package var window: String
        package var firstResponder: String?
        package var image: ImageID?
        package var selected: Int
        package var following: String?

        package func members(_ member: inout JSONObjectWriter) {
            member("window", window)
            member("firstResponder", firstResponder)
            member("image", image)
            member("selected", selected)
            member("following", following)
        }
    }

    package var session: String
    package var principal: String
    package var shows: ImageID?
    package var windows: [WindowEntry]

    package init(session: String, principal: String, shows: ImageID?, windows: [WindowEntry]) {
        self.session = session
        self.principal = principal
        self.shows = shows
        self.windows = windows
    }

    /// The entry of session `id`, acting for `principal`, as `model` stands.
    package init(session id: String, principal who: Principal, model: Session) {
        session = id
        principal = who.name
        shows = model.shownImage
        let focused = model.firstResponder.windowID
        windows = model.windows.map { window in
            WindowEntry(
                window: window.id, firstResponder: focused == window.id ? model.firstResponder.string : nil,
                image: window.viewer.image, selected: window.grid?.selection.count ?? 0, following: window.following)
        }
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("session", session)
        member("principal", principal)
        member("shows", shows)
        member("windows", windows)
    }

    /// An entry read back from its JSON (another instance's, relayed); `nil` when it is not one.
    package init?(json: JSON) {
        guard let session = json["session"]?.stringValue, let principal = json["principal"]?.stringValue,
              let windows = json["windows"]?.arrayValue else { return nil }
        self.session = session
        self.principal = principal
        shows = json["shows"]?.stringValue.flatMap(ImageID.init)
        var entries: [WindowEntry] = []
        for window in windows {
            guard let id = window["window"]?.stringValue, let selected = window["selected"]?.intValue else { return nil }
            entries.append(WindowEntry(
                window: id, firstResponder: window["firstResponder"]?.stringValue, image: window["image"]?.stringValue.flatMap(ImageID.init),
                selected: selected, following: window["following"]?.stringValue))
        }
        self.windows = entries
    }
}
