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
        .target(name: "ChainModel", swiftSettings: strict),
        .executableTarget(
            name: "ChainServer",
            dependencies: ["ChainModel", "CMicroHTTPD", "CSQLite", "CPostgreSQL", "CVips"],
            resources: [
                .embedInCode("Resources/openapi.json"),
                .embedInCode("Resources/web/index.html"),
                .embedInCode("Resources/web/app.css"),
                .embedInCode("Resources/web/main.js"),
                .embedInCode("Resources/web/api.js"),
                .embedInCode("Resources/web/events.js"),
                .embedInCode("Resources/web/menubar.js"),
                .embedInCode("Resources/web/grid.js"),
                .embedInCode("Resources/web/viewer.js"),
                .embedInCode("Resources/web/thumbnails.js"),
                .embedInCode("Resources/web/keys.js"),
                .embedInCode("Resources/web/notices.js"),
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
        .testTarget(
            name: "ChainServerTests",
            dependencies: ["ChainServer", "ChainModel", "CVips"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
