import ChainModel

/// A batch as the wire states it: `{"batch": [command, …], "undoName": "Cull Pass"}`, each
/// command in one of `CommandRequest`'s forms.
package struct BatchRequest: Sendable {
    package static let members: Set<String> = ["batch", "undoName"]
    /// The longest `undoName`, in characters.
    package static let maxUndoNameLength = 100

    package var steps: [BatchStep]
    package var undoName: String?

    /// Whether `body` asks for a batch rather than one command.
    package static func isBatch(_ body: JSON) -> Bool { body["batch"] != nil }

    package init(body: JSON, menuBar: MenuBar, maxDepth: Int = JSONParser.defaultMaxDepth) throws(Problem) {
        if let stray = body.objectMembers?.first(where: { !Self.members.contains($0.key) }) {
            throw Problem.invalid(stray.key, "unexpected member \"\(stray.key.prefix(40))\"; a batch has batch and optionally undoName")
        }
        guard let list = body["batch"]?.arrayValue else {
            throw Problem.invalid("batch", "batch must be an array of commands, not \(body["batch"]?.kindName ?? "nothing")")
        }
        let limit = CommandDispatcher.maxBatchSteps
        guard (1...limit).contains(list.count) else {
            throw Problem.invalid("batch", "a batch has 1 to \(limit) commands, not \(list.count)")
        }
        steps = []
        steps.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            guard element.objectMembers != nil else {
                throw Problem.invalid("batch[\(index)]", "each step of a batch is a command object, not \(element.kindName)").step(index)
            }
            do throws(Problem) {
                let command = try CommandRequest(body: element, menuBar: menuBar, maxDepth: maxDepth)
                steps.append(BatchStep(command.invocation, from: command.target))
            } catch {
                throw error.step(index)
            }
        }
        if let name = body["undoName"], name != .null {
            let text = try CommandRequest.string(name, field: "undoName")
            guard text.count <= Self.maxUndoNameLength else {
                throw Problem.invalid("undoName", "undoName has at most \(Self.maxUndoNameLength) characters")
            }
            undoName = text
        }
    }
}
