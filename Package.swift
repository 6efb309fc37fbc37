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
        .target(name: "ChainModel", swiftSettings: strict),
        .executableTarget(
            name: "ChainServer",
            dependencies: ["ChainModel", "CMicroHTTPD", "CSQLite"],
            resources: [.embedInCode("Resources/openapi.json")],
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
            dependencies: ["ChainServer", "ChainModel"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
