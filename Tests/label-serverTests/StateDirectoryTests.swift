import Foundation
import Testing
@testable import label_server

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve`'s start-up check of `--state-dir`: a folder the report cannot be written to is
/// refused with its owner and mode, before anything is recorded and lost.
@Suite struct StateDirectoryTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("state-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    @Test func aWritableFolderPassesAndKeepsNoProbeFile() throws {
        #expect(StateDirectory.check(root.path) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        try FileManager.default.removeItem(at: root)
    }

    @Test func aMissingFolderIsCreated() throws {
        let state = root.appendingPathComponent("a/b/state").path
        #expect(StateDirectory.check(state) == nil)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: state, isDirectory: &isDirectory) && isDirectory.boolValue)
        try FileManager.default.removeItem(at: root)
    }

    @Test func aFileInsteadOfAFolderIsRefused() throws {
        let file = root.appendingPathComponent("state")
        try Data("x".utf8).write(to: file)
        #expect(StateDirectory.check(file.path)?.code == .notDirectory)
        try FileManager.default.removeItem(at: root)
    }

    /// Root writes anywhere, so this runs only without it (CI runs as root: the image step
    /// checks the same refusal in a container as a non-root user).
    @Test(.enabled(if: geteuid() != 0, "root bypasses file modes"))
    func aFolderWithoutTheWriteBitIsRefusedWithItsOwnerAndMode() throws {
        let state = root.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        #expect(chmod(state.path, 0o555) == 0)
        defer { _ = chmod(state.path, 0o755); try? FileManager.default.removeItem(at: root) }
        let problem = try #require(StateDirectory.check(state.path))
        #expect(problem.code == .notWritable)
        #expect(problem.path == state.path)
        #expect(problem.message.contains("\(getuid()):\(getgid()) with mode 0555"))
        let below = try #require(StateDirectory.check(state.appendingPathComponent("a/b").path))
        #expect(below.code == .cannotCreate)
        #expect(below.message.contains("\(state.path) is owned by \(getuid()):\(getgid()) with mode 0555"))
    }

    @Test func theRefusalNamesTheFolderItsOwnerModeAndTheUser() {
        let message = StateDirectory.notWritableMessage(
            path: "/var/lib/label-server", owner: 1000, group: 1000, mode: 0o40755,
            uid: 10001, gid: 10001, reason: "Permission denied")
        #expect(message.hasPrefix("the state directory /var/lib/label-server (--state-dir) is not writable by this process (uid 10001, gid 10001)"))
        #expect(message.contains("owned by 1000:1000 with mode 0755 (Permission denied)"))
        #expect(message.contains("chown 10001 /var/lib/label-server"))
        #expect(message.contains("--state-dir (LABEL_SERVER_STATE_DIR)"))
        #expect(!message.contains("\n"))
    }
}
