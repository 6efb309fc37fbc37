import ChainHTTP
import ChainModel
import Testing

/// The answer hand-off between the libmicrohttpd thread and whichever thread responds, event by
/// event.
@Suite("HTTPReplyState")
struct HTTPReplyStateTests {
    enum Event: Sendable {
        case handlerReturned, respond(Int), connectionResumed, abandon
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var events: [Event]
        var actions: [HTTPReplyState.Action]
        var final: HTTPReplyState

        var testDescription: String { name }
    }

    private static func answer(_ status: Int) -> HTTPResponse { HTTPResponse(status: status) }

    static let cases: [Case] = [
        Case(name: "answered before handle returns", events: [.respond(200), .handlerReturned],
             actions: [.none, .queue(answer(200))], final: .sent),
        Case(name: "answered later", events: [.handlerReturned, .respond(200), .connectionResumed],
             actions: [.suspend, .resume, .queue(answer(200))], final: .sent),
        Case(name: "second answer before return ignored", events: [.respond(200), .respond(500), .handlerReturned],
             actions: [.none, .none, .queue(answer(200))], final: .sent),
        Case(name: "second answer while waiting for resume ignored",
             events: [.handlerReturned, .respond(200), .respond(500), .connectionResumed],
             actions: [.suspend, .resume, .none, .queue(answer(200))], final: .sent),
        Case(name: "answer after sending ignored", events: [.respond(200), .handlerReturned, .respond(500)],
             actions: [.none, .queue(answer(200)), .none], final: .sent),
        Case(name: "abandoned while parked", events: [.handlerReturned, .abandon, .connectionResumed, .respond(200)],
             actions: [.suspend, .resume, .close, .none], final: .abandoned),
        Case(name: "abandoned while handling", events: [.abandon, .handlerReturned, .respond(200)],
             actions: [.none, .close, .none], final: .abandoned),
        Case(name: "abandon after answer keeps answer", events: [.handlerReturned, .respond(200), .abandon, .connectionResumed],
             actions: [.suspend, .resume, .none, .queue(answer(200))], final: .sent),
    ]

    @Test(arguments: cases)
    func transitions(_ example: Case) {
        var state = HTTPReplyState.handling
        var actions: [HTTPReplyState.Action] = []

        for event in example.events {
            switch event {
            case .handlerReturned: actions.append(state.handlerReturned())
            case .respond(let status): actions.append(state.respond(Self.answer(status)))
            case .connectionResumed: actions.append(state.connectionResumed())
            case .abandon: actions.append(state.abandon())
            }
        }

        #expect(actions == example.actions)
        #expect(state == example.final)
    }
}
