import AtomicFile
import Foundation

extension ImportCommand {
    static let defaultLockTimeout: Double = 60

    /// `--lock-timeout SECONDS`: 0 or more (a fraction allowed), clamped to a day.
    static func lockTimeout(_ text: String?) throws(ArgumentScanner.UsageError) -> Double {
        guard let text else { return defaultLockTimeout }
        guard let seconds = Double(text), !seconds.isNaN, seconds >= 0 else {
            throw ArgumentScanner.UsageError(description: "--lock-timeout \(text) is not a number of seconds (0 or more)")
        }
        return min(seconds, StoreLock.maximumTimeout)
    }

    /// Runs `body` (read the XLIFF and the existing files, plan, write) holding the
    /// folder's ``StoreLock``, after removing the temporary files an interrupted run left.
    /// A dry run writes nothing and takes no lock. A lock not taken is exit status 1.
    static func withStoreLock(_ folder: String, timeout: Double, dryRun: Bool, _ body: () -> Int32) -> Int32 {
        if dryRun { return body() }
        let lock: StoreLock
        do throws(StoreLock.Failure) {
            lock = try StoreLock(folder: folder, timeout: timeout)
        } catch {
            CommandLine.fail(error.description)
            return 1
        }
        for path in AtomicFile.removeStaleTemporaries(under: folder) {
            FileHandle.standardError.write(text: "label-server: removed \(path), left by an interrupted write\n")
        }
        let status = body()
        lock.release()
        return status
    }
}
