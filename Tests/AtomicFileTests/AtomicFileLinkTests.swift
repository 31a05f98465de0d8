import AtomicFile
import Foundation
import Testing

/// Links planted at temporary names are never followed; a symlinked file is written
/// through; modes are kept.
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class AtomicFileLinkTests {
    let root: URL
    var folder: String { root.appendingPathComponent("store").path }
    var outside: String { root.appendingPathComponent("outside").path }
    var file: String { folder + "/Localizable.strings" }
    var victim: String { outside + "/victim" }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: root.appendingPathComponent("store").path, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root.appendingPathComponent("outside").path, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: root.appendingPathComponent("store/Localizable.strings").path))
        try Data("victim".utf8).write(to: URL(fileURLWithPath: root.appendingPathComponent("outside/victim").path))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// Before: `<file>.tmp-<pid>` was opened with `O_TRUNC` and followed, so the victim got the store's bytes.
    @Test func aLinkPlantedAtTheOldTemporaryNameIsNeitherFollowedNorRenamedIntoTheStore() throws {
        try FileManager.default.createSymbolicLink(atPath: "\(file).tmp-\(getpid())", withDestinationPath: victim)
        try AtomicFile.write(Array("new".utf8), to: file, directory: folder)
        #expect(try text(victim) == "victim")
        #expect(!isLink(file))
        #expect(try text(file) == "new")
    }

    @Test func aLinkPlantedAtTheExactTemporaryNameIsRefusedAndNothingChanges() throws {
        let planted = folder + "/.planted"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        #expect {
            try AtomicFile.write([.init(path: file, directory: folder, bytes: Array("new".utf8))], naming: { _ in ".planted" })
        } throws: { ($0 as? AtomicFile.WriteError)?.code == .temporaryExists }
        #expect(try text(victim) == "victim")
        #expect(try text(file) == "old")
        #expect(isLink(planted))
    }

    @Test func aLinkPlantedAtADanglingTemporaryNameIsNotFollowedToCreateAFile() throws {
        let target = outside + "/created"
        try FileManager.default.createSymbolicLink(atPath: folder + "/.planted", withDestinationPath: target)
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write(Array("new".utf8), to: file, directory: folder, naming: { _ in ".planted" })
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func temporaryNamesAreFreshEachTimeAndRecognised() {
        let names = (0..<100).map { _ in TemporaryName.random(for: "Localizable.strings") }
        #expect(Set(names).count == 100)
        for name in names {
            #expect(name.hasPrefix(".Localizable.strings.label-server-tmp-"))
            #expect(TemporaryName.isTemporary(name))
        }
        let long = TemporaryName.random(for: String(repeating: "é", count: 200))
        #expect(long.utf8.count <= 255)
        #expect(TemporaryName.isTemporary(long))
    }

    @Test func onlyTheProjectsTemporaryNamesAreRecognised() {
        for name in ["Localizable.strings.tmp-4242", "Plurals.stringsdict.tmp-1", "Accessibility.xcstrings.tmp-77"] {
            #expect(TemporaryName.isTemporary(name))
        }
        for name in ["Localizable.strings", ".label-server.lock", "notes.txt.tmp-12", ".strings.tmp-1",
                     "Localizable.strings.tmp-", "Localizable.strings.tmp-12a", ".x.label-server-tmp-0123",
                     ".x.label-server-tmp-0123456789ABCDEF", "x.label-server-tmp-0123456789abcdef"] {
            #expect(!TemporaryName.isTemporary(name), "\(name)")
        }
    }

    /// Before: the temporary was created 0644 and renamed over the file.
    @Test func aPrivateFileStaysPrivate() throws {
        #expect(chmod(file, 0o600) == 0)
        try AtomicFile.write([.init(path: file, directory: folder, bytes: Array("new".utf8))])
        #expect(mode(file) == 0o600)
        #expect(try text(file) == "new")
    }

    @Test func aNewFileIsCreatedAsBefore() throws {
        let created = folder + "/New.strings"
        try AtomicFile.write(Array("new".utf8), to: created, directory: folder)
        #expect(mode(created) == 0o644 & ~currentUmask())
    }

    /// Before: the link was replaced by a regular file and its target kept the old text.
    @Test func aSymlinkedFileStaysALinkAndItsTargetGetsTheNewBytes() throws {
        let shared = outside + "/Shared.strings"
        try Data("old".utf8).write(to: URL(fileURLWithPath: shared))
        #expect(chmod(shared, 0o640) == 0)
        let link = folder + "/Linked.strings"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../outside/Shared.strings")
        try AtomicFile.write([.init(path: link, directory: folder, bytes: Array("new".utf8)),
                              .init(path: file, directory: folder, bytes: Array("also new".utf8))])
        #expect(isLink(link))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../outside/Shared.strings")
        #expect(try text(shared) == "new")
        #expect(mode(shared) == 0o640)
        #expect(try text(file) == "also new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).sorted() == ["Shared.strings", "victim"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Linked.strings", "Localizable.strings"])
    }

    @Test func aDanglingLinkIsRefusedAndNotReplaced() throws {
        let link = folder + "/Dangling.strings"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside + "/missing.strings")
        #expect {
            try AtomicFile.write(Array("new".utf8), to: link, directory: folder)
        } throws: { ($0 as? AtomicFile.WriteError)?.code == .danglingLink }
        #expect(isLink(link))
        #expect(!FileManager.default.fileExists(atPath: outside + "/missing.strings"))
    }

    private func currentUmask() -> mode_t {
        // Read from a file this test creates with 0666: the kernel applied the umask.
        let probe = root.appendingPathComponent("umask-probe").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        defer { close(descriptor); unlink(probe) }
        return 0o666 & ~mode(probe)
    }
}
