/// libFuzzer target: any bytes into `JSONParser`. It must never crash, hang or recurse past
/// its limit; and a document it accepts must write back to text that parses to an equal value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONParser.parse(bytes, maxDepth: 32) else { return 0 }
    let written = value.text
    guard let again = try? JSONParser.parse(written, maxDepth: 33) else {
        fatalError("accepted input wrote back as unparsable text: \(written)")
    }
    guard again == value else { fatalError("round trip changed the value: \(written)") }
    return 0
}
