// swift-tools-version:6.0
import PackageDescription

// The benchmark's own package, so that the product package stays dependency-free:
// a reference Hummingbird 2 server doing exactly the lookup work ours does
// (LabelCore, taken from the product package by path), differing only in the HTTP stack,
// and a raw SwiftNIO server answering the same bytes with no lookup (the anchor for
// cold start and the HTTP stack's own cost).
// (The product's C shim is `CLabelSystem`, not `CSystem`, because swift-nio brings in
// swift-system, which has a `CSystem` target, and SwiftPM refuses two targets of one name.)
let package = Package(
    name: "label-server-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // Hummingbird's own swift-nio; named here only because the raw-NIO anchor uses its products.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(name: "label-server", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "HummingbirdPeer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "LabelCore", package: "label-server"),
            ]
        ),
        .executableTarget(
            name: "NIOAnchor",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
