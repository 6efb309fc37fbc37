/// libFuzzer target: any text into `ResponderPath(parsing:)`. It must never crash; a path it
/// accepts spells itself back exactly, and walking its parents ends at `app`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponderPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let path = ResponderPath(parsing: text) else { return 0 }
    guard path.string == text, ResponderPath(parsing: path.string) == path else {
        fatalError("path did not spell itself back: \(text)")
    }
    var steps = 0
    var next: ResponderPath? = path
    while let current = next {
        steps += 1
        guard steps <= 130 else { fatalError("parents of \(text) never reached app") }
        next = current.parent
    }
    return 0
}
