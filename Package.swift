// swift-tools-version:6.0
import PackageDescription

// No package dependencies, by the user's requirement: the HTTP server is our own
// and gzip goes through the system zlib.
let package = Package(
    name: "label-server",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "label-server", targets: ["label-server"]),
        .library(name: "LabelCore", targets: ["LabelCore"]),
        .library(name: "HTTP1", targets: ["HTTP1"]),
    ],
    targets: [
        // String formats, CLDR plural rules, formatting, language chain, resolver.
        // Reads files; no sockets.
        .target(name: "LabelCore"),
        // Pure HTTP/1.1 values, incremental request parser, response encoder. No I/O.
        .target(name: "HTTP1"),
        .executableTarget(name: "label-server", dependencies: ["LabelCore"]),
        .testTarget(
            name: "LabelCoreTests",
            dependencies: ["LabelCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1"]),
    ],
    swiftLanguageModes: [.v6]
)
