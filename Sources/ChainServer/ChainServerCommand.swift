import ChainConfig
import ChainImport
import ChainModel
import ChainPictures
import ChainService
import ChainSidecars
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `chain-server [serve]` runs the service until SIGTERM or SIGINT; `chain-server import DIR`
/// adds image files to the catalog.
@main
struct ChainServerCommand {
    static func main() {
        let options: CommandLineOptions
        let configuration: ServerConfiguration
        do {
            options = try CommandLineOptions(arguments: Array(CommandLine.arguments.dropFirst()))
            if options.command == .help {
                print(CommandLineOptions.usage)
                return
            }
            configuration = try ServerConfiguration.load(options: options, environment: ProcessInfo.processInfo.environment)
        } catch {
            fail("\(error)\n\n\(CommandLineOptions.usage)", code: 2)
        }
        switch options.command {
        case .serve, .help: serve(configuration)
        case .importImages(let directory): importImages(from: directory, configuration)
        case .addKey, .listKeys, .revokeKey: manageKeys(options.command, configuration)
        }
    }

    static func serve(_ configuration: ServerConfiguration) -> Never {
        do {
            try configuration.refuseUnsafeOpen()
        } catch {
            fail("\(error)", code: 2)
        }
        let logs = LogBuffer()
        let log = Logger(level: configuration.logLevel, buffer: logs)
        let app: ChainServerApp
        do {
            app = try ChainServerApp(configuration: configuration, log: log)
            try app.start()
        } catch {
            log.log(.error, "server.failed", [(key: "error", value: .string("\(error)"))])
            logs.flush()
            fail("\(error)", code: 1)
        }
        let stop = DispatchSemaphore(value: 0)
        let sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        // The one line on stdout, written whole and at once so a supervisor can wait for it;
        // after the signal handlers, so a SIGTERM sent on seeing it always stops cleanly.
        FileHandle.standardOutput.write(Data("listening on \(app.url)\n".utf8))
        stop.wait()
        app.stop(grace: .seconds(configuration.shutdownGraceSeconds))
        sources.forEach { $0.cancel() }
        logs.flush()
        exit(0)
    }

    static func importImages(from directory: String, _ configuration: ServerConfiguration) -> Never {
        do {
            let store = try configuration.openStorage()
            defer { store.close() }
            let onTerminal = isatty(STDERR_FILENO) == 1
            // What libvips says of odd pictures: JSON lines on stderr, on lines of their own.
            let log = Logger(level: configuration.logLevel)
            PictureLog.route { message in
                if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                log.log(message.level == .critical ? .error : .warning, "picture.log", message.fields)
            }
            let thumbnails = try Thumbnails(engine: VipsPictureEngine(), directory: configuration.dataDirectory + "/thumbnails")
            let summary = try CatalogImporter(store: store, thumbnails: thumbnails, sidecars: XMPSidecarStore()).importDirectory(directory) { progress in
                if onTerminal { FileHandle.standardError.write(Data(("\r" + progress.progressLine + "\u{1B}[K").utf8)) }
            }
            if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            FileHandle.standardOutput.write(Data(summary.lines.map { $0 + "\n" }.joined().utf8))
        } catch {
            fail("import failed: \(error)", code: 1)
        }
        exit(0)
    }

    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("chain-server: \(message)\n".utf8))
        exit(code)
    }
}
