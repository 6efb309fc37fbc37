import ChainModel

/// `POST …/handlers`: the responder to register on, the action (a new name or a built-in to
/// override there), the client's validation, and the undo name for changes it answers with.
package struct RemoteHandlerRequest: Sendable {
    package static let members: Set<String> = ["responder", "action", "validation", "undoName"]
    package static let maxUndoNameLength = 128

    package let responder: ResponderPath
    package let action: String
    package let validation: Validation
    package let undoName: String?

    package init(body: JSON) throws(Problem) {
        let members = body.objectMembers ?? []
        if let stray = members.first(where: { !Self.members.contains($0.key) }) {
            throw Problem.invalid(String(stray.key.prefix(40)), "unexpected member \"\(stray.key.prefix(40))\"; a handler has responder, action, validation and undoName")
        }
        guard let path = body["responder"]?.stringValue, let responder = ResponderPath(parsing: path) else {
            throw Problem.invalid("responder", "responder must be a responder path like \"main/grid\"")
        }
        guard let action = body["action"]?.stringValue, RemoteHandler.isActionName(action) else {
            throw Problem.invalid("action", "action must be a name: a letter, then letters or digits, at most 64")
        }
        self.responder = responder
        self.action = action
        validation = try body["validation"].map { value throws(Problem) in
            try RemoteValidationRequest(value, field: "validation").validation
        } ?? .enabled
        if let value = body["undoName"], value != .null {
            guard let text = value.stringValue, !text.isEmpty, text.count <= Self.maxUndoNameLength else {
                throw Problem.invalid("undoName", "undoName must be a string of 1 to \(Self.maxUndoNameLength) characters")
            }
            undoName = text
        } else {
            undoName = nil
        }
    }
}
