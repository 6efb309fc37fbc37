/// Unpadded base64url (RFC 4648 §5).
package enum Base64URL {
    package static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var output = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for byte in chunk { value = value << 8 | Int(byte) }
            value <<= (3 - chunk.count) * 8
            for position in 0..<(chunk.count + 1) {
                output.append(alphabet[(value >> (18 - position * 6)) & 0x3F])
            }
            index += 3
        }
        return output
    }
}
