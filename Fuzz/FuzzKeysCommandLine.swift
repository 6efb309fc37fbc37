/// libFuzzer target: random argv (NUL-separated bytes) for `chain-server keys …` and for the
/// whole command line. Parsing must never crash; it either names a command or throws a
/// `ConfigurationError` (the usage error the executable prints, exit 2); a `keys add` it
/// accepts has a valid name and a role.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeysCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    for arguments in [["keys"] + words, words] {
        do {
            let options = try CommandLineOptions(arguments: arguments)
            if case .addKey(let name, _) = options.command, !Principal.isValidName(name) {
                fatalError("keys add accepted the name \(name.debugDescription)")
            }
        } catch is ConfigurationError {
            continue
        } catch {
            fatalError("not a usage error: \(error)")
        }
    }
    return 0
}
