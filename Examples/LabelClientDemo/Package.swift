// swift-tools-version:6.0
import Foundation
import PackageDescription

// An app's view of LabelClient: an external package depending on this
// repository by path, as an app depends on it by URL. SwiftPM names a path
// dependency after its folder, so the name is read from the path (a clone
// may be called `label-server`, a worktree something else).
let repository = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "LabelClientDemo",
    platforms: [.macOS(.v15), .iOS(.v17)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "LabelClientDemo",
            dependencies: [.product(name: "LabelClient", package: repository.lastPathComponent)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
