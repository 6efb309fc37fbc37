import ChainAPI
import ChainModel
import ChainStorage
import Testing

/// How a command body becomes an invocation, and the problem each malformed one gets.
struct CommandRequestTests {
    let bar = try! MenuBar(menus: [Menu(id: "m", title: "M", entries: [
        .item(MenuItem(id: "rating.5", title: "5", action: "setRating", arguments: ["rating": 5])),
    ])], knownActions: ["setRating"])

    func parse(_ text: String, maxDepth: Int = 32) throws(Problem) -> CommandRequest {
        try CommandRequest(body: try! JSONParser.parse(text), menuBar: bar, maxDepth: maxDepth)
    }

    func problem(_ text: String, maxDepth: Int = 32) -> Problem? {
        do { _ = try parse(text, maxDepth: maxDepth) } catch { return error }
        return nil
    }

    @Test func everyFormReadsTheSameInvocation() throws {
        let expected = Invocation(action: "setRating", arguments: ["rating": 5])
        #expect(try parse(#"{"action":"setRating","args":{"rating":5}}"#).invocation == expected)
        #expect(try parse(#"{"item":"rating.5"}"#).invocation == expected)
        #expect(try parse(#"{"identifier":"menu.setRating(\"rating\": 5)","target":"main/grid"}"#).invocation == expected)
        #expect(try parse(#"{"item":"rating.5","target":"main/grid"}"#).target == "main/grid")
    }

    @Test func identifierArgumentsObeyTheConfiguredDepthAsBodiesDo() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let body = #"{"identifier":"setRating(\"rating\": \#(deep))"}"#
        #expect(problem(body, maxDepth: 32)?.kind == .malformed)
        #expect(problem(body, maxDepth: 64) == nil)
    }

    @Test(arguments: [
        (#"{}"#, Problem.Kind.invalidArgument),
        (#"{"action":"setRating","item":"rating.5"}"#, .invalidArgument),
        (#"{"item":"rating.5","args":{}}"#, .invalidArgument),
        (#"{"action":5}"#, .invalidArgument),
        (#"{"action":"setRating","args":[1]}"#, .invalidArgument),
        (#"{"item":"rating.9"}"#, .notFound),
        (#"{"identifier":"set Rating"}"#, .invalidArgument),
        (#"{"action":"setRating","target":"../main"}"#, .invalidArgument),
        (#"{"action":"setRating","colour":"red"}"#, .invalidArgument),
    ])
    func malformedCommandsGetTheirProblem(text: String, kind: Problem.Kind) {
        #expect(problem(text)?.kind == kind)
    }
}
