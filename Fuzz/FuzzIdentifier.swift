/// libFuzzer target: any text into `Identifier.parse`. It must never crash; an identifier it
/// accepts must format back to one that parses to the same invocation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIdentifier(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let invocation = try? Identifier.parse(text, maxDepth: 32) else { return 0 }
    let formatted = Identifier.format(invocation, prefix: "menu")
    guard let again = try? Identifier.parse(formatted, maxDepth: 33) else {
        fatalError("accepted identifier formatted back as unparsable: \(formatted)")
    }
    guard again.action == invocation.action, JSON.object(again.arguments.members) == JSON.object(invocation.arguments.members) else {
        fatalError("round trip changed the invocation: \(formatted)")
    }
    return 0
}
