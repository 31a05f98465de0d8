// swift-tools-version:6.0
import PackageDescription

// The benchmark's own package, so that the product package stays dependency-free:
// a reference Hummingbird 2 server doing exactly the lookup work ours does
// (LabelCore, taken from the product package by path), differing only in the HTTP stack.
// (The product's C shim is `CLabelSystem`, not `CSystem`, because swift-nio brings in
// swift-system, which has a `CSystem` target, and SwiftPM refuses two targets of one name.)
let package = Package(
    name: "label-server-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
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
    ],
    swiftLanguageModes: [.v6]
)
