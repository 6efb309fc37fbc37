import ChainSupport
import Synchronization
import Testing

@testable import ChainModel

struct ContextValuesTests {
    enum Note: ContextKey { typealias Value = String }

    @Test func respondersOnTheChainContributeTypedValues() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-4", "img-2"]])
        try harness.send("openImage")
        let seen = Lock<(String?, ImageSelection?, ImageID??, String?)>((nil, nil, nil, nil))
        try harness.session.attach(.provider(ContextProvider { _, _, values in values[Note.self] = "from app" }), to: "app")
        try harness.session.attach(.provider(ContextProvider { _, _, values in values[Note.self] = "from main" }), to: "main")
        try harness.session.attach(.handler(ActionHandler(
            validate: { _ in .handles(.enabled) },
            perform: { context in
                seen.withLock { $0 = (context.values[WindowKey.self]?.id, context.values[SelectionKey.self],
                                      context.values[ShownImageKey.self], context.values[Note.self]) }
            }
        ), action: "inspect"), to: "main/grid/viewer")
        try harness.send("inspect")
        let (window, selection, shown, note) = seen.withLock { $0 }
        #expect(window == "main")
        #expect(selection == ImageSelection(ids(4, 2)))
        #expect(shown == .some(ImageID(4)))
        #expect(note == "from main", "the responder nearer the first responder wins")
    }

    @Test func valuesAreReplacedNotRepeated() {
        var values = ContextValues()
        values[Note.self] = "a"
        values[Note.self] = "b"
        #expect(values[Note.self] == "b")
        #expect(values.count == 1)
        values[Note.self] = nil
        #expect(values[Note.self] == nil)
    }
}
