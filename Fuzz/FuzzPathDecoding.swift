import CMicroHTTPD

/// libFuzzer target: any bytes as a request target through the unescape callback libmicrohttpd
/// calls on the path and on every query argument (`cmhd_unescape_keeping_nul`). It must never
/// read or write out of bounds (AddressSanitizer watches), never shorten the text by a decoded
/// NUL (which would silently cut the path), and decode exactly the `%XX` escapes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size).prefix { $0 != 0 })
    var buffer = input.map { CChar(bitPattern: $0) } + [0]
    let length = buffer.withUnsafeMutableBufferPointer { cmhd_unescape_keeping_nul(nil, nil, $0.baseAddress!) }
    let output = buffer.prefix(length).map { UInt8(bitPattern: $0) }
    guard buffer[length] == 0, !output.contains(0) else { fatalError("decoding produced a NUL inside the text") }
    guard output == expectedDecoding(of: input) else { fatalError("decoded \(input) as \(output)") }
    return 0
}

/// The same decoding written plainly: `%XX` with two hex digits becomes that byte unless it
/// is `%00`; everything else is kept.
private func expectedDecoding(of input: [UInt8]) -> [UInt8] {
    func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    var output: [UInt8] = []
    var index = 0
    while index < input.count {
        if input[index] == UInt8(ascii: "%"), index + 2 < input.count, let high = hex(input[index + 1]), let low = hex(input[index + 2]),
           high | low != 0 {
            output.append(high << 4 | low)
            index += 3
        } else {
            output.append(input[index])
            index += 1
        }
    }
    return output
}
