import AtomicFile
import Foundation
import Testing

/// What an interrupted run leaves is removed by the next writer, and nothing else is.
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class StaleTemporaryTests {
    let root: URL
    var bundle: String { root.appendingPathComponent("app").path }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-sweep-\(UUID().uuidString)")
        for folder in ["app/de.lproj", "outside"] {
            try FileManager.default.createDirectory(atPath: root.appendingPathComponent(folder).path, withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func put(_ relative: String, _ text: String = "x") throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    @Test func theLeftoversOfAnInterruptedWriteAreRemovedAndNothingElse() throws {
        let stale = ".Localizable.strings.label-server-tmp-0123456789abcdef"
        try put("app/de.lproj/" + stale, "half a fi")
        try put("app/de.lproj/Localizable.strings.tmp-4242", "half")
        try put("app/.Accessibility.xcstrings.label-server-tmp-fedcba9876543210", "{")
        try put("app/de.lproj/Localizable.strings", "\"a\" = \"b\";")
        try put("app/de.lproj/notes.tmp-1")
        try put("outside/victim", "victim")
        try put("outside/" + stale, "not ours to remove")
        // A link named like a temporary is not a regular file: neither it nor its target goes.
        try FileManager.default.createSymbolicLink(atPath: bundle + "/de.lproj/.Plurals.stringsdict.label-server-tmp-00000000000000aa",
                                                   withDestinationPath: root.appendingPathComponent("outside/victim").path)
        // A linked folder is not entered.
        try FileManager.default.createSymbolicLink(atPath: bundle + "/fr.lproj", withDestinationPath: root.appendingPathComponent("outside").path)

        let removed = AtomicFile.removeStaleTemporaries(under: bundle)

        #expect(removed == [bundle + "/.Accessibility.xcstrings.label-server-tmp-fedcba9876543210",
                            bundle + "/de.lproj/" + stale,
                            bundle + "/de.lproj/Localizable.strings.tmp-4242"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle + "/de.lproj").sorted()
                == [".Plurals.stringsdict.label-server-tmp-00000000000000aa", "Localizable.strings", "notes.tmp-1"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("outside").path).sorted()
                == [stale, "victim"])
        #expect(try String(contentsOf: root.appendingPathComponent("outside/victim"), encoding: .utf8) == "victim")
    }

    @Test func aFolderThatCannotBeListedRemovesNothing() {
        #expect(AtomicFile.removeStaleTemporaries(under: root.appendingPathComponent("missing").path).isEmpty)
    }
}
