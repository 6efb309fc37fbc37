import ChainModel

/// What the command line asked for: serve (the default) or import a folder, and the flags
/// that override configuration.
package struct CommandLineOptions: Equatable {
    package enum Command: Equatable {
        case serve
        case importImages(directory: String)
        /// `keys add NAME --role ROLE`: a new API key, printed once.
        case addKey(name: String, role: Role)
        case listKeys
        case revokeKey(name: String)
        case help
    }

    package var command = Command.serve
    package var host: String?
    package var port: String?
    package var dataDirectory: String?
    package var configDirectory: String?
    /// `--role`, for `keys add` only.
    package var role: String?

    package static let usage = """
        usage: chain-server [serve] [--host HOST] [--port PORT] [--data-dir DIR] [--config DIR]
               chain-server import DIR [--data-dir DIR] [--config DIR]
               chain-server keys add NAME --role viewer|editor|admin [--data-dir DIR] [--config DIR]
               chain-server keys list [--data-dir DIR] [--config DIR]
               chain-server keys revoke NAME [--data-dir DIR] [--config DIR]

          serve      run the HTTP service (default); prints "listening on http://HOST:PORT" when ready
          import     add the image files under DIR to the catalog (idempotent by path)
          keys       API keys for auth.mode "keys": add prints the new key alone on its last
                     line (only its SHA-256 digest is stored); revoke ends its sessions
          --role     the role of a key added: viewer (reads only), editor, admin (sees paths)
          --host     address to listen on (CHAIN_HOST; default 127.0.0.1)
          --port     port to listen on, 0 for any free port (CHAIN_PORT; default 8080)
          --data-dir where catalog.sqlite lives (CHAIN_DATA_DIR; default ./data)
          --config   folder holding server.json and menus.json (CHAIN_CONFIG; default ./config)
        """

    /// Parses `arguments` (without the program name).
    package init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw ConfigurationError(source: "command line", key: flag, problem: "needs a value")
            }
            return value
        }
        var positional: [String] = []
        while let argument = remaining.popFirst() {
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch flag {
            case "--host": host = try inline ?? value(for: flag)
            case "--port": port = try inline ?? value(for: flag)
            case "--data-dir": dataDirectory = try inline ?? value(for: flag)
            case "--config": configDirectory = try inline ?? value(for: flag)
            case "--role": role = try inline ?? value(for: flag)
            case "--help", "-h": command = .help
            default:
                guard !argument.hasPrefix("-") else {
                    throw ConfigurationError(source: "command line", key: argument, problem: "unknown option")
                }
                positional.append(argument)
            }
        }
        if command == .help { return }
        switch positional.first {
        case nil, "serve":
            guard positional.count <= 1 else {
                throw ConfigurationError(source: "command line", key: positional[1], problem: "unexpected argument")
            }
        case "import":
            guard positional.count == 2 else {
                throw ConfigurationError(source: "command line", key: "import", problem: "needs exactly one folder: chain-server import DIR")
            }
            command = .importImages(directory: positional[1])
        case "keys":
            command = try Self.keysCommand(Array(positional.dropFirst()), role: role)
        case let other?:
            throw ConfigurationError(source: "command line", key: other, problem: "unknown command (serve, import, keys)")
        }
        if case .addKey = command {} else if role != nil {
            throw ConfigurationError(source: "command line", key: "--role", problem: "only keys add takes a role")
        }
    }

    private static func keysCommand(_ arguments: [String], role: String?) throws -> Command {
        func refuse(_ problem: String) -> ConfigurationError {
            ConfigurationError(source: "command line", key: "keys", problem: problem)
        }
        switch (arguments.first, arguments.count) {
        case ("add", 2):
            guard let role else { throw refuse("keys add needs --role viewer|editor|admin") }
            guard let parsed = Role(rawValue: role) else {
                throw ConfigurationError(source: "command line", key: "--role", problem: "must be one of viewer, editor, admin")
            }
            guard Principal.isValidName(arguments[1]) else { throw refuse("a key's name is 1 to 64 letters, digits or . _ - @") }
            return .addKey(name: arguments[1], role: parsed)
        case ("list", 1): return .listKeys
        case ("revoke", 2): return .revokeKey(name: arguments[1])
        default: throw refuse("use keys add NAME --role ROLE, keys list or keys revoke NAME")
        }
    }
}
