import Testing

@testable import ChainModel

struct IdentifierTests {
    @Test func parsesPrefixActionAndArguments() throws {
        let invocation = try Identifier.parse(#"menu.setRating("rating": 5)"#)
        #expect(invocation.action == "setRating")
        #expect(invocation.arguments == ["rating": 5])
    }

    @Test func prefixMayHaveDotsAndArgumentsAreOptional() throws {
        #expect(try Identifier.parse("app.menu.image.selectAll").action == "selectAll")
        #expect(try Identifier.parse("undo") == Invocation(action: "undo"))
        #expect(try Identifier.parse("undo()") == Invocation(action: "undo"))
        let select = try Identifier.parse(#"grid.select("images": ["img-1", "img-2"])"#)
        #expect(select.arguments["images"] == ["img-1", "img-2"])
    }

    @Test func formatRoundTrips() throws {
        let invocation = Invocation(action: "newWindow", arguments: ["kind": "viewer", "image": "img-3"])
        let text = Identifier.format(invocation, prefix: "menu")
        #expect(text == #"menu.newWindow("kind": "viewer", "image": "img-3")"#)
        #expect(try Identifier.parse(text) == invocation)
    }

    @Test(arguments: [
        ("", 0, "expected a name"),
        ("menu.", 5, "expected a name"),
        (".setRating", 0, "expected a name"),
        ("set Rating", 3, "unexpected ' '"),
        ("setRating(\"rating\" 5)", 19, "expected ':'"),
        ("setRating(\"rating\": 5", 21, "expected ',' or ')'"),
        ("setRating(rating: 5)", 10, "expected a quoted member name"),
        ("setRating(\"rating\": 5) x", 22, "unexpected ' '"),
        ("9lives", 0, "expected a name"),
    ])
    func reportsPositionAndReason(text: String, position: Int, reason: String) {
        do {
            _ = try Identifier.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.position == position, "\(error)")
            #expect(error.reason.contains(reason), "\(error)")
        }
    }
}
