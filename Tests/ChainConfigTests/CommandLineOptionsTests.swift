import ChainConfig
import Testing

/// The command line: serve (the default), import DIR, help, and the overriding flags.
@Suite("CommandLineOptions")
struct CommandLineOptionsTests {
    @Test func nothingMeansServe() throws {
        let options = try CommandLineOptions(arguments: [])

        #expect(options.command == .serve)
        #expect(options.host == nil && options.port == nil && options.dataDirectory == nil && options.configDirectory == nil)
        #expect(try CommandLineOptions(arguments: ["serve"]) == options)
    }

    @Test func serveTakesEveryFlagInBothForms() throws {
        let spaced = try CommandLineOptions(arguments: ["serve", "--host", "::1", "--port", "9", "--data-dir", "d", "--config", "c"])
        let joined = try CommandLineOptions(arguments: ["--host=::1", "--port=9", "--data-dir=d", "--config=c", "serve"])

        #expect(spaced.command == .serve)
        #expect(spaced.host == "::1")
        #expect(spaced.port == "9")
        #expect(spaced.dataDirectory == "d")
        #expect(spaced.configDirectory == "c")
        #expect(joined == spaced)
    }

    @Test func importTakesOneFolder() throws {
        let options = try CommandLineOptions(arguments: ["import", "/photos", "--data-dir", "/data"])

        #expect(options.command == .importImages(directory: "/photos"))
        #expect(options.dataDirectory == "/data")
    }

    @Test(arguments: [["--help"], ["-h"], ["import", "--help"], ["--port", "1", "-h"]])
    func helpWins(arguments: [String]) throws {
        #expect(try CommandLineOptions(arguments: arguments).command == .help)
    }

    @Test(arguments: [
        (["--verbose"], "--verbose", "unknown option"),
        (["-v"], "-v", "unknown option"),
        (["serve", "--prot", "80"], "--prot", "unknown option"),
        (["--port"], "--port", "needs a value"),
        (["--port", "--host", "x"], "--port", "needs a value"),
        (["import"], "import", "needs exactly one folder"),
        (["import", "a", "b"], "import", "needs exactly one folder"),
        (["serve", "now"], "now", "unexpected argument"),
        (["frobnicate"], "frobnicate", "unknown command"),
    ])
    func refusedArgumentsAreNamed(arguments: [String], key: String, problem: String) {
        #expect {
            try CommandLineOptions(arguments: arguments)
        } throws: { error in
            let error = error as? ConfigurationError
            return error?.source == "command line" && error?.key == key && error?.problem.contains(problem) == true
        }
    }
}

