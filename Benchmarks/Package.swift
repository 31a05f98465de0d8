// swift-tools-version:6.0
import PackageDescription

// The benchmark's own package, so that the product package stays dependency-free:
// a reference Hummingbird 2 server doing exactly the lookup work ours does
// (LabelCore), differing only in the HTTP stack.
//
// LabelCore is compiled here from the product's own sources (Sources/LabelCore is a
// symlink to ../../Sources/LabelCore) rather than taken as a product of
// `.package(path: "..")`: the product package has a C target named `CSystem`, and
// swift-nio brings in swift-system, which has one too; SwiftPM refuses two targets
// of one name in a graph. Same sources, same release flags, so the same lookup code.
let package = Package(
    name: "label-server-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .target(name: "LabelCore"),
        .executableTarget(
            name: "HummingbirdPeer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                "LabelCore",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
