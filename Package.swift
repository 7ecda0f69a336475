// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of ours gets: Swift 6 language mode is the default
/// for tools version 6; strict memory-safety diagnostics stay off.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Trestle",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "trestle", targets: ["trestle"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/drmohundro/SWXMLHash", from: "8.1.1"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: [
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .executableTarget(name: "TremaGenerator"),
        .plugin(name: "TremaPlugin", capability: .buildTool(), dependencies: ["TremaGenerator"]),
        .target(name: "Translations", exclude: ["README.md"], plugins: ["TremaPlugin"]),
        .target(name: "TerminalUI", dependencies: ["Translations"], exclude: ["README.md"]),
        .target(name: "NcursesTerminal", dependencies: ["CNcursesw", "TerminalUI"]),
        .target(
            name: "Networking",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
            ], exclude: ["README.md"]),
        .target(name: "JSON"),
        .target(name: "JSONServerCore", dependencies: ["JSON"], exclude: ["README.md"]),
        .target(
            name: "Services",
            dependencies: [
                "Networking", "JSON",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
            ], exclude: ["Conventions/README.md", "README.md"]),
        .target(
            name: "FakeServices",
            dependencies: [
                "Services", "Networking", "JSON", "JSONServerCore",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "Modules", dependencies: ["Services", "JSON", "TerminalUI", "Translations"], exclude: ["README.md"]),
        .target(
            name: "OpenAPIServices",
            dependencies: [
                "Services", "JSON", "Networking",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ], exclude: ["README.md"]),
        .target(
            name: "GraphQLServices",
            dependencies: [
                "Services", "JSON", "Networking",
                .product(name: "GraphQL", package: "GraphQL"),
            ], exclude: ["README.md"]),
        .target(
            name: "GRPCServices",
            dependencies: [
                "Services", "JSON", "Networking",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ], exclude: ["README.md"]),
        .target(
            name: "App",
            dependencies: [
                "Modules", "Services", "FakeServices", "Networking", "JSON", "JSONServerCore", "TerminalUI",
                "NcursesTerminal", "OpenAPIServices", "GraphQLServices", "GRPCServices", "Translations",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Yams", package: "Yams"),
            ], exclude: ["README.md", "Run/README.md", "Snapshot/README.md"]),
        .target(
            name: "Serve",
            dependencies: [
                "JSON", "JSONServerCore", "TerminalUI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "trestle",
            dependencies: [
                "App", "Serve", "JSONServerCore", "TerminalUI", "Translations",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .target(
            name: "TestSupport",
            dependencies: [
                "TerminalUI", "Services", "Networking", "JSON", "JSONServerCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")]),
        .testTarget(name: "NcursesTerminalTests", dependencies: ["NcursesTerminal", "TerminalUI", "CNcursesw"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "TestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "TranslationsTests", dependencies: ["Translations"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "JSONServerCoreTests", dependencies: ["JSONServerCore", "JSON", "TestSupport"]),
        .testTarget(
            name: "ServicesTests",
            dependencies: [
                "Services", "FakeServices", "Modules", "Networking", "JSON", "JSONServerCore", "TestSupport",
                "Translations",
            ]),
        .testTarget(
            name: "OpenAPIServicesTests",
            dependencies: [
                "OpenAPIServices", "Services", "Networking", "JSON", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "GraphQLServicesTests",
            dependencies: ["GraphQLServices", "Services", "Networking", "JSON"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "GRPCServicesTests",
            dependencies: [
                "GRPCServices", "JSON", "Networking", "Services",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]),
        .testTarget(
            name: "ModulesTests",
            dependencies: ["Modules", "Services", "Networking", "JSON", "TerminalUI", "TestSupport", "Translations"]),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "Modules", "Services", "Networking", "JSON", "JSONServerCore", "TerminalUI", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
                "Translations", "GraphQLServices",
            ]),
        .testTarget(name: "ServeTests", dependencies: ["Serve", "JSON", "JSONServerCore", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "JSON", "JSONServerCore", "Services"]),
        // Property tests (a fixed number of cases in CI; scripts/fuzz runs them longer).
        .testTarget(
            name: "PropertyTests",
            dependencies: [
                "JSON", "JSONServerCore", "TerminalUI", "Modules", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
