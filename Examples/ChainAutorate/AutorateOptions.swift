import Foundation

/// The example's flags, as `examples/autorate.py` takes them: `--url`, `--session`, `--token`
/// (also `--token=VALUE`, for a token that begins with `-`), `--once`.
struct AutorateOptions {
    var url = "http://127.0.0.1:8080"
    var session: String?
    var token: String?
    var once = false

    static let usage = "usage: chain-autorate [-h] [--url URL] [--session SESSION] [--token TOKEN] [--once]"

    /// Parses `arguments` (without the program name); a usage error exits with status 2.
    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (flag, inline) = Self.split(argument)
            switch flag {
            case "-h", "--help":
                say(Self.usage)
                say("A remote handler for ChainServer: adds autoRate to a session's image grid.")
                exit(0)
            case "--once": once = true
            case "--url": url = Self.value(of: flag, inline, &rest)
            case "--session": session = Self.value(of: flag, inline, &rest)
            case "--token": token = Self.value(of: flag, inline, &rest)
            default: Self.fail("unrecognized arguments: \(argument)")
            }
        }
        if (session == nil) != (token == nil) { Self.fail("--session and --token go together") }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func value(of flag: String, _ inline: String?, _ rest: inout ArraySlice<String>) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst(), !next.hasPrefix("-") else { fail("argument \(flag): expected one argument") }
        return next
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(usage)\nchain-autorate: error: \(message)\n".utf8))
        exit(2)
    }
}
