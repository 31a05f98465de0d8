package import Foundation

/// Fresh folders inside one folder of this test process's (`label-server-tests-PID` in the
/// system's temporary directory), which is removed when the process exits: for folders
/// handed to what outlives the test that made them (a shared server's report, a client's
/// cache) or made by a helper many tests call. A test that owns its folder removes it
/// itself (a `defer`, or a suite class's `deinit`). A process that dies before its exit
/// handler leaves its folder behind: the next process sweeps every `label-server-tests-PID`
/// whose process no longer exists. A write still running in another thread when the exit
/// handler runs can re-create a folder inside it; the next sweep takes that too.
package enum TemporaryFolder {
    /// A new, empty folder named `prefix-UUID`.
    package static func make(_ prefix: String) -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Sweeps dead processes' folders and registers this one's removal, on first use.
    private static let root: URL = {
        sweepDeadProcesses()
        atexit { try? FileManager.default.removeItem(at: processRoot()) }
        return processRoot()
    }()

    private static let prefix = "label-server-tests-"

    private static func processRoot() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)\(getpid())")
    }

    /// Removes `label-server-tests-PID` folders whose process is gone (`kill(pid, 0)` fails
    /// with `ESRCH`); a live process's folder, or a name that is not ours, is left alone.
    private static func sweepDeadProcesses() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid(),
                  kill(pid, 0) == -1, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}
