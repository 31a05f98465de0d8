import AtomicFile
import Foundation
import Testing

/// One writer at a time: `flock` on `<folder>/.label-server.lock`.
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class StoreLockTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func code(_ body: () throws -> Void) -> StoreLock.Failure.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? StoreLock.Failure)?.code
        }
    }

    /// flock locks belong to the open file description, so a second lock in this process conflicts.
    @Test func aHeldLockTimesTheSecondWriterOutWithItsCode() throws {
        let held = try StoreLock(folder: folder, timeout: 0)
        #expect(held.path == folder + "/.label-server.lock")
        #expect(code { _ = try StoreLock(folder: folder, timeout: 0) } == .timedOut)
        #expect(code { _ = try StoreLock(folder: folder, timeout: 0.05) } == .timedOut)
        held.release()
        #expect(code { _ = try StoreLock(folder: folder, timeout: 0) } == nil)
    }

    @Test func theErrorNamesTheLockFile() throws {
        let held = try StoreLock(folder: folder, timeout: 0)
        do throws(StoreLock.Failure) {
            _ = try StoreLock(folder: folder, timeout: 0)
            Issue.record("the second lock was taken")
        } catch {
            #expect(error.description.contains(folder + "/.label-server.lock"))
        }
        _ = consume held
    }

    @Test func aLockThatIsDroppedIsReleased() throws {
        do { _ = try StoreLock(folder: folder, timeout: 0) }
        #expect(code { _ = try StoreLock(folder: folder, timeout: 0) } == nil)
    }

    @Test func aLinkAtTheLockNameIsRefusedAndNotFollowed() throws {
        let elsewhere = folder + "-elsewhere"
        try FileManager.default.createSymbolicLink(atPath: folder + "/.label-server.lock", withDestinationPath: elsewhere)
        #expect(code { _ = try StoreLock(folder: folder, timeout: 0) } == .unavailable)
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
    }

    @Test func somethingNotARegularFileAtTheLockNameIsRefused() throws {
        #expect(mkfifo(folder + "/.label-server.lock", 0o600) == 0)
        #expect(code { _ = try StoreLock(folder: folder, timeout: 0) } == .unavailable)
    }

    @Test func hugeAndNegativeTimeoutsAreClamped() throws {
        let held = try StoreLock(folder: folder, timeout: .infinity)
        #expect(code { _ = try StoreLock(folder: folder, timeout: -5) } == .timedOut)
        #expect(code { _ = try StoreLock(folder: folder, timeout: .nan) } == .timedOut)
        _ = consume held
    }
}
