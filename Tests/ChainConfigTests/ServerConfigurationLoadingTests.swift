import ChainConfig
import ChainTestSupport
import Foundation
import Testing

/// Reading configuration: defaults, then `server.json`, then `CHAIN_*`, then flags; every
/// bad value stops with its source, key and problem.
@Suite("ServerConfiguration loading")
struct ServerConfigurationLoadingTests {
    /// Loads with `server.json` holding `json` (none when nil) in a fresh config folder.
    static func load(
        serverJSON json: String?, arguments: [String] = [], environment: [String: String] = [:]
    ) throws -> ServerConfiguration {
        try TemporaryDirectory.with { directory in
            if let json { try TemporaryDirectory.write(Array(json.utf8), to: directory + "/server.json") }
            return try ServerConfiguration.load(
                options: try CommandLineOptions(arguments: ["--config", directory] + arguments), environment: environment)
        }
    }

    /// The error loading `json` throws, with `(source)` standing for the file's path.
    static func error(serverJSON json: String) throws -> ConfigurationError {
        try TemporaryDirectory.with { directory in
            try TemporaryDirectory.write(Array(json.utf8), to: directory + "/server.json")
            do {
                _ = try ServerConfiguration.load(options: try CommandLineOptions(arguments: ["--config", directory]), environment: [:])
            } catch let error as ConfigurationError {
                #expect(error.source == directory + "/server.json")
                #expect(error.description.hasPrefix(directory + "/server.json: \(error.key): "))
                return error
            }
            Issue.record("loading \(json) did not throw")
            return ConfigurationError(source: "", key: "", problem: "")
        }
    }

    @Test func withoutAFileTheDefaultsHold() throws {
        var expected = ServerConfiguration()
        let loaded = try Self.load(serverJSON: nil)
        expected.configDirectory = loaded.configDirectory

        #expect(loaded == expected)
        #expect(loaded.port == 8080)
        #expect(loaded.maxBodyBytes == 1 << 20)
    }

    @Test func theRepositorysServerJSONLoads() throws {
        let configuration = try ServerConfiguration.load(
            options: try CommandLineOptions(arguments: ["--config", RepositoryPaths.configDirectory]), environment: [:])

        #expect(configuration.configDirectory == RepositoryPaths.configDirectory)
        #expect(configuration.maxPageSize == 500)
        #expect(configuration.durability == .full)
    }

    @Test func fileValuesApply() throws {
        let configuration = try Self.load(serverJSON: """
            {"http": {"host": "::1", "port": 9000, "threads": 3, "corsOrigins": ["https://photos.example", "http://localhost:3000"],
                      "trustedProxies": ["127.0.0.1", "::1"]},
             "limits": {"maxBodyBytes": 2048, "maxJSONDepth": 8, "maxPageSize": 77},
             "sessions": {"idleExpirySeconds": 60, "maxSessions": 5},
             "catalog": {"dataDirectory": "/tmp/x", "durability": "normal", "readerConnections": 4, "demoImages": 0, "demoPictures": true,
                         "previewCacheMegabytes": 64},
             "events": {"keepAliveSeconds": 5, "stallSeconds": 20},
             "log": {"level": "warning"}, "shutdownGraceSeconds": 3}
            """)

        #expect(configuration.host == "::1")
        #expect(configuration.port == 9000)
        #expect(configuration.threads == 3)
        #expect(configuration.corsOrigins == ["https://photos.example", "http://localhost:3000"])
        #expect(configuration.trustedProxies == ["127.0.0.1", "::1"])
        #expect(configuration.http.trustedProxies == ["127.0.0.1", "::1"])
        #expect(configuration.maxBodyBytes == 2048)
        #expect(configuration.maxJSONDepth == 8)
        #expect(configuration.maxPageSize == 77)
        #expect(configuration.sessionIdleSeconds == 60)
        #expect(configuration.maxSessions == 5)
        #expect(configuration.dataDirectory == "/tmp/x")
        #expect(configuration.durability == .normal)
        #expect(configuration.readerConnections == 4)
        #expect(configuration.demoImages == 0)
        #expect(configuration.demoPictures)
        #expect(configuration.previewCacheMegabytes == 64)
        #expect(configuration.keepAliveSeconds == 5)
        #expect(configuration.stallSeconds == 20)
        #expect(configuration.logLevel == .warning)
        #expect(configuration.shutdownGraceSeconds == 3)
    }

    @Test(arguments: [
        (#"{"colour": 1}"#, "colour", "unknown key"),
        (#"{"http": {"prot": 8080}}"#, "http.prot", "unknown key"),
        (#"{"limits": {"maxBodySize": 10}}"#, "limits.maxBodySize", "unknown key"),
        (#"{"http": {"port": "8080"}}"#, "http.port", "must be an integer"),
        (#"{"sessions": {"idleExpirySeconds": 1.5}}"#, "sessions.idleExpirySeconds", "must be an integer"),
        (#"{"http": {"host": 127}}"#, "http.host", "must be a non-empty string"),
        (#"{"http": {"port": 70000}}"#, "http.port", "out of range"),
        (#"{"http": {"port": -1}}"#, "http.port", "out of range"),
        (#"{"http": {"corsOrigins": "https://a.example"}}"#, "http.corsOrigins", "must be an array"),
        (#"{"catalog": {"demoPictures": "yes"}}"#, "catalog.demoPictures", "must be true or false"),
        (#"{"catalog": {"previewCacheMegabytes": -1}}"#, "catalog.previewCacheMegabytes", "out of range"),
        (#"{"http": {"corsOrigins": ["https://a.example/"]}}"#, "http.corsOrigins", "is not an origin"),
        (#"{"http": {"corsOrigins": ["*"]}}"#, "http.corsOrigins", "is not an origin"),
        (#"{"http": {"trustedProxies": "127.0.0.1"}}"#, "http.trustedProxies", "must be an array"),
        (#"{"http": {"trustedProxies": ["127.0.0.1:80"]}}"#, "http.trustedProxies", "is not an IP address"),
        (#"{"http": {"trustedProxies": ["localhost"]}}"#, "http.trustedProxies", "is not an IP address"),
        (#"{"http": {"corsOrigins": ["ftp://a.example"]}}"#, "http.corsOrigins", "is not an origin"),
        (#"{"limits": {"maxBodyBytes": 0}}"#, "limits.maxBodyBytes", "out of range"),
        (#"{"limits": {"maxPageSize": 100001}}"#, "limits.maxPageSize", "out of range"),
        (#"{"sessions": {"maxSessions": 0}}"#, "sessions.maxSessions", "out of range"),
        (#"{"shutdownGraceSeconds": 3601}"#, "shutdownGraceSeconds", "out of range"),
        (#"{"events": {"stallSeconds": 0}}"#, "events.stallSeconds", "out of range"),
        (#"{"catalog": {"durability": "sometimes"}}"#, "catalog.durability", "must be one of full, normal, off"),
        (#"{"log": {"level": "loud"}}"#, "log.level", "must be one of debug"),
        (#"{"http": [8080]}"#, "http", "must be an object"),
        ("[]", "(file)", "must be a JSON object"),
        (#"{"http": {"port": 8080}"#, "(file)", "not valid JSON"),
    ])
    func badFileNamesFileKeyAndProblem(json: String, key: String, problem: String) throws {
        let error = try Self.error(serverJSON: json)

        #expect(error.key == key)
        #expect(error.problem.contains(problem), "problem was: \(error.problem)")
    }

    @Test func environmentOverridesTheFileAndFlagsOverrideBoth() throws {
        let file = #"{"http": {"port": 1111, "host": "127.0.0.1"}, "catalog": {"dataDirectory": "/file"}}"#

        #expect(try Self.load(serverJSON: file).port == 1111)
        let fromEnvironment = try Self.load(serverJSON: file, environment: ["CHAIN_PORT": "2222", "CHAIN_DATA_DIR": "/env"])
        #expect(fromEnvironment.port == 2222)
        #expect(fromEnvironment.dataDirectory == "/env")
        #expect(fromEnvironment.host == "127.0.0.1")
        let fromFlags = try Self.load(
            serverJSON: file, arguments: ["--port", "3333", "--data-dir", "/flag"], environment: ["CHAIN_PORT": "2222", "CHAIN_DATA_DIR": "/env"])
        #expect(fromFlags.port == 3333)
        #expect(fromFlags.dataDirectory == "/flag")
        #expect(try Self.load(serverJSON: file, arguments: ["--port=0"], environment: ["CHAIN_PORT": "2222"]).port == 0)
    }

    @Test func otherEnvironmentVariablesApply() throws {
        let configuration = try Self.load(serverJSON: nil, environment: [
            "CHAIN_HOST": "0.0.0.0", "CHAIN_THREADS": "4", "CHAIN_MAX_BODY_BYTES": "4096",
            "CHAIN_SESSION_IDLE_SECONDS": "7", "CHAIN_DURABILITY": "off", "CHAIN_LOG_LEVEL": "debug",
            "CHAIN_TRUSTED_PROXIES": "127.0.0.1, ::1",
        ])

        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.threads == 4)
        #expect(configuration.maxBodyBytes == 4096)
        #expect(configuration.sessionIdleSeconds == 7)
        #expect(configuration.durability == .off)
        #expect(configuration.logLevel == .debug)
        #expect(configuration.trustedProxies == ["127.0.0.1", "::1"])
    }

    @Test(arguments: [
        (["CHAIN_PORT": "http"], "CHAIN_PORT", "must be an integer"),
        (["CHAIN_PORT": "65536"], "CHAIN_PORT", "out of range"),
        (["CHAIN_THREADS": "999"], "CHAIN_THREADS", "out of range"),
        (["CHAIN_DURABILITY": "maybe"], "CHAIN_DURABILITY", "must be one of"),
        (["CHAIN_LOG_LEVEL": "chatty"], "CHAIN_LOG_LEVEL", "must be one of"),
        (["CHAIN_TRUSTED_PROXIES": "127.0.0.1,nginx"], "CHAIN_TRUSTED_PROXIES", "is not an IP address"),
    ])
    func badEnvironmentNamesVariableAndProblem(environment: [String: String], key: String, problem: String) {
        #expect {
            try Self.load(serverJSON: nil, environment: environment)
        } throws: { error in
            let error = error as? ConfigurationError
            return error?.source == "environment" && error?.key == key && error?.problem.contains(problem) == true
        }
    }

    @Test(arguments: [("99999", "out of range"), ("eighty", "must be an integer")])
    func badPortFlagNamesFlagAndProblem(port: String, problem: String) {
        #expect {
            try Self.load(serverJSON: nil, arguments: ["--port", port], environment: ["CHAIN_PORT": "2222"])
        } throws: { error in
            let error = error as? ConfigurationError
            return error?.source == "command line" && error?.key == "--port" && error?.problem.contains(problem) == true
        }
    }

    @Test func configFlagWinsOverChainConfig() throws {
        try TemporaryDirectory.with { directory in
            try TemporaryDirectory.write(Array(#"{"http": {"port": 4444}}"#.utf8), to: directory + "/server.json")

            let configuration = try ServerConfiguration.load(
                options: try CommandLineOptions(arguments: ["--config", directory]), environment: ["CHAIN_CONFIG": "/nonexistent"])
            let fromEnvironment = try ServerConfiguration.load(
                options: try CommandLineOptions(arguments: []), environment: ["CHAIN_CONFIG": directory])

            #expect(configuration.port == 4444)
            #expect(configuration.configDirectory == directory)
            #expect(fromEnvironment.port == 4444)
        }
    }
}
