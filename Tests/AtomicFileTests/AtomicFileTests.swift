import AtomicFile
import Foundation
import Testing

@Suite struct AtomicFileTests {
    @Test func aFailureBeforeTheRenamesLeavesEveryFileAsItWasAndNoTemporaries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.strings").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: a))
        let missing = folder.appendingPathComponent("no-such-folder/b.strings").path
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write([
                .init(path: a, directory: folder.path, bytes: Array("new".utf8)),
                .init(path: missing, directory: folder.path, bytes: Array("new".utf8)),
            ])
        }
        #expect(try String(contentsOfFile: a, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.strings"])
    }

    @Test func writesEveryFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = (0..<20).map { folder.appendingPathComponent("f\($0)").path }
        try AtomicFile.write(files.map { .init(path: $0, directory: folder.path, bytes: Array($0.utf8)) })
        for file in files { #expect(try String(contentsOfFile: file, encoding: .utf8) == file) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 20)
    }
}
