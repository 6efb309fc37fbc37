import ChainHTTP
import ChainModel

/// A request the router matched, with its path parameters.
package struct RouteRequest: Sendable {
    package let http: HTTPRequest
    package let parameters: [String: String]

    /// `?explain=1` (or `true`).
    package var explain: Bool { ["1", "true"].contains(http.query["explain"] ?? "") }
    /// `?dryRun=1` (or `true`): say what a command would do, and do nothing.
    package var dryRun: Bool { ["1", "true"].contains(http.query["dryRun"] ?? "") }

    /// The body as a JSON object, or a 400 problem.
    package func jsonObject(maxDepth: Int) throws(Problem) -> JSON {
        let value: JSON
        do {
            value = try JSONParser.parse(http.body, maxDepth: maxDepth)
        } catch {
            throw Problem(.malformed, error.tooDeep ? "body is nested too deeply: \(error)" : "body is not valid JSON: \(error)",
                          [(key: "position", value: .number(Double(error.offset)))])
        }
        guard value.objectMembers != nil else { throw Problem(.malformed, "body must be a JSON object, not \(value.kindName)") }
        return value
    }
}
