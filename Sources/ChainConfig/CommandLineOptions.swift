import ChainModel

/// What the command line asked for: serve (the default) or import a folder, and the flags
/// that override configuration.
package struct CommandLineOptions: Equatable {
    package enum Command: Equatable {
        case serve
        case importImages(directory: String)
        case help
    }

    package var command = Command.serve
    package var host: String?
    package var port: String?
    package var dataDirectory: String?
    package var configDirectory: String?

    package static let usage = """
        usage: chain-server [serve] [--host HOST] [--port PORT] [--data-dir DIR] [--config DIR]
               chain-server import DIR [--data-dir DIR] [--config DIR]

          serve      run the HTTP service (default); prints "listening on http://HOST:PORT" when ready
          import     add the image files under DIR to the catalog (idempotent by path)
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
        case let other?:
            throw ConfigurationError(source: "command line", key: other, problem: "unknown command (serve, import)")
        }
    }
}
