import Foundation
import Testing

@testable import ChainClient

/// The event models built from a parsed `JSONValue` equal what JSONDecoder makes of the same
/// data; a shape the fast path does not take is refused, for JSONDecoder to read.
@Suite("ChainClient event models from JSONValue")
struct EventModelsFromJSONTests {
    private func both<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ build: (JSONValue) throws(JSONMembers.Mismatch) -> T) throws {
        let decoded = try JSONDecoder().decode(type, from: Data(json.utf8))
        let parsed = try #require(JSONParser.parse(json))
        #expect(try build(parsed) == decoded)
    }

    @Test func commandEvents() throws {
        try both(CommandAnswer.self, #"{"action":"autoRate","handledBy":"h-1","result":{"rated":3},"events":[{"type":"ratingChanged","image":"img-1","rating":4}],"version":7}"#) { json throws(JSONMembers.Mismatch) in try CommandAnswer(json: json) }
        try both(CommandAnswer.self, #"{"action":"undo","handledBy":null,"result":null,"events":[],"advanced":null,"conflicts":["img-2"],"steps":[],"trace":[{"r":"app"}],"caught":[]}"#) { json throws(JSONMembers.Mismatch) in try CommandAnswer(json: json) }
    }

    @Test func invokeEvents() throws {
        let json = #"{"call":"c-9","handler":"h-1","action":"autoRate","args":{"n":1},"responder":"main/grid","context":{"window":"main","selection":["img-1","img-2"],"selectionCount":2,"image":null},"deadline":"2026-11-27T00:00:10Z"}"#
        let decoded = try JSONDecoder().decode(Invocation.self, from: Data(json.utf8))
        let built = try Invocation(json: #require(JSONParser.parse(json)))
        #expect(built == decoded)
        #expect(built.args == decoded.args && built.context == decoded.context && built.deadline == decoded.deadline)
        #expect(built.responder == decoded.responder && built.action == decoded.action)
    }

    @Test func menuAndCatalogEvents() throws {
        try both(ChainEvent.MenuChange.self, #"{"etag":"\"m-3\"","items":[{"id":"rate-4","title":"4 Stars","action":"rate","args":{"rating":4},"enabled":true,"state":"on","hidden":false,"target":"main/grid"},{"id":"x","enabled":false,"state":"off","hidden":true}],"removed":["old"]}"#) { json throws(JSONMembers.Mismatch) in try ChainEvent.MenuChange(json: json) }
        try both(ChainEvent.CatalogChange.self, #"{"catalogVersion":12,"images":[{"id":"img-1","rating":4}],"count":1,"truncated":false}"#) { json throws(JSONMembers.Mismatch) in try ChainEvent.CatalogChange(json: json) }
    }

    @Test(arguments: [
        #"{"action":1,"result":null,"events":[]}"#,
        #"{"action":"a","events":[]}"#,
        #"{"action":"a","result":null,"events":[],"version":1.5}"#,
        #"{"action":"a","result":null,"events":[],"session":{"id":"s"}}"#,
        #"["not an object"]"#,
    ])
    func refusesOtherShapes(json: String) throws {
        let parsed = try #require(JSONParser.parse(json))
        #expect(throws: JSONMembers.Mismatch.self) { try CommandAnswer(json: parsed) }
    }
}
