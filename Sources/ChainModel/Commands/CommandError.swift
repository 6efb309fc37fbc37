/// Why a command did not happen. Each case maps to one HTTP status at the server's edge.
public enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Subject: String, Sendable {
        case action
        case menuItem = "menu item"
        case responder
        case image
        case key
    }

    case notFound(kind: Subject, name: String, field: String?)
    case invalidArgument(ArgumentError)
    case unhandled(action: String, chain: [ResponderPath])
    case disabled(action: String, responder: ResponderPath, reason: String?)
    /// A performer or an error catcher refused for a reason of its own.
    case rejected(code: String, message: String, responder: ResponderPath?)
    /// A remote handler's client answered its call with an error of its own.
    case remoteError(title: String, detail: String, responder: ResponderPath)

    public var description: String {
        switch self {
        case .notFound(let kind, let name, _): "unknown \(kind.rawValue) \"\(name)\""
        case .invalidArgument(let error): error.description
        case .unhandled(let action, let chain):
            "no responder in the chain \(chain.map(\.string)) can perform \(action)"
        case .disabled(let action, let responder, let reason):
            "\(action) is disabled at \(responder)" + (reason.map { ": \($0)" } ?? "")
        case .rejected(_, let message, _): message
        case .remoteError(let title, let detail, _): detail.isEmpty ? title : "\(title): \(detail)"
        }
    }
}
