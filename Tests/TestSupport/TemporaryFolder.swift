package import Foundation

/// Fresh folders inside one folder of this test process's (`label-server-tests-PID` in the
/// system's temporary directory), which is removed when the process exits: for folders
/// handed to what outlives the test that made them (a shared server's report, a client's
/// cache) or made by a helper many tests call. A test that owns its folder removes it
/// itself (a `defer`, or a suite class's `deinit`).
package enum TemporaryFolder {
    /// A new, empty folder named `prefix-UUID`.
    package static func make(_ prefix: String) -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Registers the removal on first use.
    private static let root: URL = {
        atexit { try? FileManager.default.removeItem(at: processRoot()) }
        return processRoot()
    }()

    private static func processRoot() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("label-server-tests-\(getpid())")
    }
}
