// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "ChainServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "chain-server", targets: ["ChainServer"]),
        .executable(name: "chain-model-bench", targets: ["ChainModelBench"]),
        .library(name: "ChainModel", targets: ["ChainModel"]),
        // Static, so `swift build --product ChainClient` builds it (and only it) on its own.
        .library(name: "ChainClient", type: .static, targets: ["ChainClient"]),
        .executable(name: "chain-autorate", targets: ["ChainAutorate"]),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CPostgreSQL",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .systemLibrary(
            name: "CLibRaw",
            pkgConfig: "libraw_r",
            providers: [.apt(["libraw-dev"])]
        ),
        .systemLibrary(
            name: "CExempi",
            pkgConfig: "exempi-2.0",
            providers: [.apt(["libexempi-dev"])]
        ),
        .target(name: "ChainModel", dependencies: ["ChainSupport"], swiftSettings: strict),
        // The wire's Swift client, for native apps: Foundation only, no target dependency at all
        // (ChainClientTests checks), so it cannot lean on the server's code.
        .target(name: "ChainClient", swiftSettings: strict),
        // examples/autorate.py in Swift, against ChainClient only.
        .executableTarget(name: "ChainAutorate", dependencies: ["ChainClient"], path: "Examples/ChainAutorate", swiftSettings: strict),
        // Leaves: the lock every module uses (ThreadSanitizer-aware), digests, ids, encodings.
        .target(name: "ChainSupport", swiftSettings: strict),
        // Infrastructure, each over one C library or none.
        .target(name: "ChainHTTP", dependencies: ["ChainSupport", "CMicroHTTPD"], swiftSettings: strict),
        .target(name: "ChainStorage", dependencies: ["ChainSupport", "ChainModel"], swiftSettings: strict),
        .target(name: "ChainSQLite", dependencies: ["ChainSupport", "ChainModel", "ChainStorage", "CSQLite"], swiftSettings: strict),
        .target(name: "ChainPostgreSQL", dependencies: ["ChainSupport", "ChainModel", "ChainStorage", "CPostgreSQL"], swiftSettings: strict),
        .target(name: "ChainPictures", dependencies: ["ChainSupport", "ChainModel", "CVips", "CLibRaw"], swiftSettings: strict),
        // XMP sidecars beside the image files, through exempi: the `SidecarStore` engine.
        .target(name: "ChainSidecars", dependencies: ["ChainSupport", "ChainModel", "ChainStorage", "CExempi"], swiftSettings: strict),
        .target(name: "ChainImport", dependencies: ["ChainSupport", "ChainModel", "ChainStorage", "ChainPictures"], swiftSettings: strict),
        // The service core: commands, sessions, live events, wire bodies, observability.
        .target(name: "ChainService", dependencies: ["ChainSupport", "ChainModel", "ChainStorage"], swiftSettings: strict),
        // The HTTP API: routes, problems, the web client, event streams over HTTP.
        .target(
            name: "ChainAPI",
            dependencies: [
                "ChainSupport", "ChainModel", "ChainHTTP", "ChainStorage", "ChainPictures", "ChainService",
            ],
            resources: [
                .embedInCode("Resources/openapi.json"),
                .embedInCode("Resources/web/index.html"),
                .embedInCode("Resources/web/app.css"),
                .embedInCode("Resources/web/main.js"),
                .embedInCode("Resources/web/chain-client.js"),
                .embedInCode("Resources/web/menubar.js"),
                .embedInCode("Resources/web/grid.js"),
                .embedInCode("Resources/web/viewer.js"),
                .embedInCode("Resources/web/thumbnails.js"),
                .embedInCode("Resources/web/previews.js"),
                .embedInCode("Resources/web/history.js"),
                .embedInCode("Resources/web/loupe.js"),
                .embedInCode("Resources/web/keys.js"),
                .embedInCode("Resources/web/notices.js"),
                .embedInCode("Resources/web/toolbar.js"),
                .embedInCode("Resources/web/confirm.js"),
                .embedInCode("Resources/web/compare.js"),
                .embedInCode("Resources/web/signin.js"),
                .embedInCode("Resources/web/presence.js"),
            ],
            swiftSettings: strict
        ),
        // The configuration file and the storage it opens.
        .target(
            name: "ChainConfig", dependencies: [
                "ChainSupport", "ChainModel", "ChainHTTP", "ChainStorage", "ChainSQLite", "ChainPostgreSQL", "ChainService",
            ],
            swiftSettings: strict),
        // The command line and the composition root.
        .executableTarget(
            name: "ChainServer",
            dependencies: [
                "ChainSupport", "ChainModel", "ChainHTTP", "ChainStorage", "ChainSQLite", "ChainPostgreSQL", "ChainPictures",
                "ChainSidecars", "ChainImport", "ChainService", "ChainAPI", "ChainConfig",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ChainModelBench",
            dependencies: ["ChainModel"],
            path: "Benchmarks/ChainModelBench",
            swiftSettings: strict
        ),
        .testTarget(name: "ChainModelTests", dependencies: ["ChainModel"], swiftSettings: strict),
        // ChainClient against a live server on port 0 (the test target may start the server).
        .testTarget(
            name: "ChainClientTests",
            dependencies: ["ChainClient", "ChainServer", "ChainModel", "ChainConfig", "ChainService", "ChainStorage", "ChainTestSupport"],
            swiftSettings: strict
        ),
        // What the tests of several modules share: temporary folders, image files, a raw
        // HTTP client, a PostgreSQL cluster, both storage engines.
        .target(
            name: "ChainTestSupport",
            dependencies: [
                "ChainSupport", "ChainModel", "ChainHTTP", "ChainStorage", "ChainSQLite", "ChainPostgreSQL", "ChainPictures", "ChainImport",
                "ChainConfig",
            ],
            path: "Tests/ChainTestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "ChainSupportTests", dependencies: ["ChainSupport"], swiftSettings: strict),
        .testTarget(name: "ChainHTTPTests", dependencies: ["ChainSupport", "ChainHTTP", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainStorageTests", dependencies: ["ChainSupport", "ChainModel", "ChainStorage", "ChainSQLite", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainSQLiteTests", dependencies: ["ChainModel", "ChainStorage", "ChainSQLite", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainPostgreSQLTests", dependencies: ["ChainSupport", "ChainModel", "ChainStorage", "ChainPostgreSQL", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainPicturesTests", dependencies: ["ChainModel", "ChainPictures", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainSidecarsTests", dependencies: ["ChainModel", "ChainStorage", "ChainSidecars", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainImportTests", dependencies: ["ChainModel", "ChainStorage", "ChainSQLite", "ChainPictures", "ChainSidecars", "ChainImport", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainServiceTests", dependencies: ["ChainSupport", "ChainModel", "ChainStorage", "ChainPostgreSQL", "ChainService", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainAPITests", dependencies: ["ChainSupport", "ChainModel", "ChainHTTP", "ChainStorage", "ChainService", "ChainAPI", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(name: "ChainConfigTests", dependencies: ["ChainModel", "ChainConfig", "ChainTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ChainServerTests",
            dependencies: [
                "ChainServer", "ChainSupport", "ChainModel", "ChainHTTP", "ChainStorage", "ChainPostgreSQL", "ChainPictures",
                "ChainSidecars", "ChainImport", "ChainService", "ChainAPI", "ChainConfig", "ChainTestSupport",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
