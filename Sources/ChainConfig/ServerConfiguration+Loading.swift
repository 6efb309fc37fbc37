import ChainHTTP
import ChainModel
import ChainService
import ChainStorage
import Foundation

extension ServerConfiguration {
    /// Defaults, then `<config>/server.json` (when present), then `CHAIN_*` variables, then
    /// flags. Every unknown key, wrong type or out-of-range value stops with its name.
    package static func load(options: CommandLineOptions, environment: [String: String]) throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.configDirectory = options.configDirectory ?? environment["CHAIN_CONFIG"] ?? configuration.configDirectory
        let file = configuration.configDirectory + "/server.json"
        if FileManager.default.fileExists(atPath: file) {
            try configuration.apply(file: file)
        }
        try configuration.apply(environment: environment)
        try configuration.apply(options: options)
        return configuration
    }

    package mutating func apply(file path: String) throws {
        let json = try Self.readJSON(path)
        let reader = ConfigurationReader(source: path)
        guard let members = json.objectMembers else { throw reader.error(nil, "(file)", "must be a JSON object") }
        for (group, value) in members {
            switch group {
            case "http":
                let keys = ["host", "port", "threads", "corsOrigins", "trustedProxies"]
                for (key, value) in try reader.members(of: group, value, allowed: keys) {
                    switch key {
                    case "host": host = try reader.string(group, key, value)
                    case "port": port = UInt16(try reader.int(group, key, value, in: 0...65535))
                    case "corsOrigins": corsOrigins = try reader.origins(group, key, value)
                    case "trustedProxies": trustedProxies = try reader.addresses(group, key, value)
                    default: threads = try reader.int(group, key, value, in: 0...256)
                    }
                }
            case "limits":
                let keys = ["maxBodyBytes", "maxJSONDepth", "connectionTimeoutSeconds", "connectionLimit",
                            "perIPConnectionLimit", "connectionMemoryBytes", "headTimeoutSeconds", "minBodyBytesPerSecond",
                            "maxPageSize", "maxRequestTargetBytes", "maxHeaderSectionBytes", "maxHeaderFields"]
                for (key, value) in try reader.members(of: group, value, allowed: keys) {
                    switch key {
                    case "maxBodyBytes": maxBodyBytes = try reader.int(group, key, value, in: 1...(1 << 30))
                    case "maxJSONDepth": maxJSONDepth = try reader.int(group, key, value, in: 1...512)
                    case "connectionTimeoutSeconds": connectionTimeoutSeconds = try reader.int(group, key, value, in: 1...86_400)
                    case "connectionLimit": connectionLimit = try reader.int(group, key, value, in: 1...1_000_000)
                    case "perIPConnectionLimit": perIPConnectionLimit = try reader.int(group, key, value, in: 1...1_000_000)
                    case "connectionMemoryBytes": connectionMemoryBytes = try reader.int(group, key, value, in: 4096...(64 << 20))
                    case "headTimeoutSeconds": headTimeoutSeconds = try reader.int(group, key, value, in: 1...86_400)
                    case "minBodyBytesPerSecond": minBodyBytesPerSecond = try reader.int(group, key, value, in: 0...(1 << 30))
                    case "maxRequestTargetBytes": maxRequestTargetBytes = try reader.int(group, key, value, in: 256...(1 << 20))
                    case "maxHeaderSectionBytes": maxHeaderSectionBytes = try reader.int(group, key, value, in: 256...(1 << 20))
                    case "maxHeaderFields": maxHeaderFields = try reader.int(group, key, value, in: 8...10_000)
                    default: maxPageSize = try reader.int(group, key, value, in: 1...100_000)
                    }
                }
            case "sessions":
                for (key, value) in try reader.members(of: group, value, allowed: ["idleExpirySeconds", "maxSessions", "maxSessionsPerClient"]) {
                    switch key {
                    case "idleExpirySeconds": sessionIdleSeconds = try reader.int(group, key, value, in: 1...31_536_000)
                    case "maxSessions": maxSessions = try reader.int(group, key, value, in: 1...10_000_000)
                    default: maxSessionsPerClient = try reader.int(group, key, value, in: 1...10_000_000)
                    }
                }
            case "catalog":
                let keys = [
                    "dataDirectory", "url", "durability", "readerConnections", "demoImages", "demoPictures", "previewCacheMegabytes",
                    "xmpSidecars",
                ]
                for (key, value) in try reader.members(of: group, value, allowed: keys) {
                    switch key {
                    case "dataDirectory": dataDirectory = try reader.string(group, key, value)
                    case "url": databaseURL = try reader.databaseURL(group, key, text: reader.string(group, key, value))
                    case "durability": durability = try reader.durability(group, key, value)
                    case "readerConnections": readerConnections = try reader.int(group, key, value, in: 1...64)
                    case "demoPictures": demoPictures = try reader.bool(group, key, value)
                    case "previewCacheMegabytes": previewCacheMegabytes = try reader.int(group, key, value, in: 0...65_536)
                    case "xmpSidecars": xmpSidecars = try reader.bool(group, key, value)
                    default: demoImages = try reader.int(group, key, value, in: 0...1_000_000)
                    }
                }
            case "history":
                for (key, value) in try reader.members(of: group, value, allowed: ["enabled", "retentionDays", "maxEntriesPerImage", "pruneIntervalSeconds"]) {
                    switch key {
                    case "enabled": historyEnabled = try reader.bool(group, key, value)
                    case "retentionDays": historyRetention.days = try reader.int(group, key, value, in: 1...36_500)
                    case "maxEntriesPerImage": historyRetention.perImage = try reader.int(group, key, value, in: 1...1_000_000)
                    default: historyPruneIntervalSeconds = try reader.int(group, key, value, in: 1...86_400)
                    }
                }
            case "handlers":
                for (key, value) in try reader.members(of: group, value, allowed: ["callTimeoutSeconds"]) {
                    callTimeoutSeconds = try reader.int(group, key, value, in: 1...3600)
                }
            case "events":
                for (key, value) in try reader.members(of: group, value, allowed: ["keepAliveSeconds", "stallSeconds"]) {
                    switch key {
                    case "keepAliveSeconds": keepAliveSeconds = try reader.int(group, key, value, in: 1...300)
                    default: stallSeconds = try reader.int(group, key, value, in: 1...3600)
                    }
                }
            case "auth":
                for (key, value) in try reader.members(of: group, value, allowed: ["mode", "allowOpen", "proxyRole"]) {
                    switch key {
                    case "mode": authMode = try reader.oneOf(group, key, value) as AuthMode
                    case "allowOpen": allowOpen = try reader.bool(group, key, value)
                    default: proxyRole = try reader.oneOf(group, key, value) as Role
                    }
                }
            case "log":
                for (key, value) in try reader.members(of: group, value, allowed: ["level"]) {
                    logLevel = try reader.logLevel(group, key, value)
                }
            case "shutdownGraceSeconds":
                shutdownGraceSeconds = try reader.int(nil, group, value, in: 0...3600)
            default:
                throw reader.error(nil, group, "unknown key (http, limits, sessions, catalog, events, handlers, auth, history, log, shutdownGraceSeconds)")
            }
        }
    }

    /// Parses the JSON file at `path`, naming the file when it cannot be read or parsed.
    package static func readJSON(_ path: String) throws -> JSON {
        do {
            return try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        } catch let failure as JSONParser.Failure {
            throw ConfigurationError(source: path, key: "(file)", problem: "not valid JSON: \(failure)")
        } catch {
            throw ConfigurationError(source: path, key: "(file)", problem: "cannot be read: \(error.localizedDescription)")
        }
    }

    package mutating func apply(environment: [String: String]) throws {
        let reader = ConfigurationReader(source: "environment")
        if let value = environment["CHAIN_HOST"] { host = value }
        if let value = environment["CHAIN_PORT"] { port = UInt16(try reader.int(nil, "CHAIN_PORT", text: value, in: 0...65535)) }
        if let value = environment["CHAIN_THREADS"] { threads = try reader.int(nil, "CHAIN_THREADS", text: value, in: 0...256) }
        if let value = environment["CHAIN_DATA_DIR"] { dataDirectory = value }
        if let value = environment["CHAIN_DATABASE_URL"], !value.isEmpty {
            databaseURL = try reader.databaseURL(nil, "CHAIN_DATABASE_URL", text: value)
        }
        if let value = environment["CHAIN_MAX_BODY_BYTES"] {
            maxBodyBytes = try reader.int(nil, "CHAIN_MAX_BODY_BYTES", text: value, in: 1...(1 << 30))
        }
        if let value = environment["CHAIN_SESSION_IDLE_SECONDS"] {
            sessionIdleSeconds = try reader.int(nil, "CHAIN_SESSION_IDLE_SECONDS", text: value, in: 1...31_536_000)
        }
        if let value = environment["CHAIN_DURABILITY"] { durability = try reader.durability(nil, "CHAIN_DURABILITY", .string(value)) }
        if let value = environment["CHAIN_LOG_LEVEL"] { logLevel = try reader.logLevel(nil, "CHAIN_LOG_LEVEL", .string(value)) }
        if let value = environment["CHAIN_AUTH_MODE"] { authMode = try reader.oneOf(nil, "CHAIN_AUTH_MODE", .string(value)) as AuthMode }
        if let value = environment["CHAIN_TRUSTED_PROXIES"] {
            let listed = value.split(separator: ",").map { JSON.string($0.trimmingCharacters(in: .whitespaces)) }
            trustedProxies = try reader.addresses(nil, "CHAIN_TRUSTED_PROXIES", .array(listed))
        }
    }

    package mutating func apply(options: CommandLineOptions) throws {
        let reader = ConfigurationReader(source: "command line")
        if let value = options.host { host = value }
        if let value = options.port { port = UInt16(try reader.int(nil, "--port", text: value, in: 0...65535)) }
        if let value = options.dataDirectory { dataDirectory = value }
    }
}

/// Reads typed values out of configuration JSON, naming the full key (`limits.maxBodyBytes`)
/// on any problem.
package struct ConfigurationReader {
    package let source: String

    package func error(_ group: String?, _ key: String, _ problem: String) -> ConfigurationError {
        ConfigurationError(source: source, key: group.map { "\($0).\(key)" } ?? key, problem: problem)
    }

    /// The members of a group, refusing keys outside `allowed` so a typo is an error.
    package func members(of group: String, _ value: JSON, allowed: [String]) throws -> [(key: String, value: JSON)] {
        guard let members = value.objectMembers else { throw error(nil, group, "must be an object") }
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw error(group, unknown.key, "unknown key (\(allowed.joined(separator: ", ")))")
        }
        return members
    }

    package func string(_ group: String?, _ key: String, _ value: JSON) throws -> String {
        guard let text = value.stringValue, !text.isEmpty else { throw error(group, key, "must be a non-empty string") }
        return text
    }

    package func int(_ group: String?, _ key: String, _ value: JSON, in range: ClosedRange<Int>) throws -> Int {
        guard let number = value.intValue else { throw error(group, key, "must be an integer, not \(value.text.prefix(40))") }
        guard range.contains(number) else {
            throw error(group, key, "\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    package func int(_ group: String?, _ key: String, text: String, in range: ClosedRange<Int>) throws -> Int {
        guard let number = Int(text) else { throw error(group, key, "must be an integer, not \"\(text.prefix(40))\"") }
        return try int(group, key, .number(Double(number)), in: range)
    }

    package func bool(_ group: String?, _ key: String, _ value: JSON) throws -> Bool {
        guard case .bool(let flag) = value else { throw error(group, key, "must be true or false, not \(value.text.prefix(40))") }
        return flag
    }

    /// A PostgreSQL URL (`postgres://…`, `postgresql://…`) or libpq `key=value` string.
    package func databaseURL(_ group: String?, _ key: String, text: String) throws -> String {
        let url = text.trimmingCharacters(in: .whitespaces)
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") || url.contains("=") else {
            throw error(group, key, "must be a postgres:// or postgresql:// URL (or a libpq key=value string)")
        }
        return url
    }

    package func durability(_ group: String?, _ key: String, _ value: JSON) throws -> Durability {
        try oneOf(group, key, value)
    }

    /// One of an enumeration's raw values (`auth.mode`, `auth.proxyRole`, `catalog.durability`).
    package func oneOf<Value: RawRepresentable & CaseIterable>(_ group: String?, _ key: String, _ value: JSON) throws -> Value
    where Value.RawValue == String {
        guard let text = value.stringValue, let found = Value(rawValue: text) else {
            throw error(group, key, "must be one of " + Value.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return found
    }

    /// A list of web origins, each `http(s)://host[:port]` exactly as a browser sends it in
    /// `Origin` (no path, no trailing slash).
    package func origins(_ group: String?, _ key: String, _ value: JSON) throws -> [String] {
        guard let list = value.arrayValue else { throw error(group, key, "must be an array of origins") }
        return try list.map { item in
            guard let text = item.stringValue, CORSPolicy.isOrigin(text) else {
                throw error(group, key, "\(item.text.prefix(60)) is not an origin like \"https://photos.example\" or \"http://localhost:3000\"")
            }
            return text
        }
    }

    package func addresses(_ group: String?, _ key: String, _ value: JSON) throws -> [String] {
        guard let list = value.arrayValue else { throw error(group, key, "must be an array of IP addresses") }
        return try list.map { item in
            guard let text = item.stringValue, HTTPClientAddress(text: text) != nil else {
                throw error(group, key, "\(item.text.prefix(60)) is not an IP address like \"127.0.0.1\" or \"::1\"")
            }
            return text
        }
    }

    package func logLevel(_ group: String?, _ key: String, _ value: JSON) throws -> LogLevel {
        guard let text = value.stringValue, let level = LogLevel(name: text) else {
            throw error(group, key, "must be one of debug, info, warning, error")
        }
        return level
    }
}
