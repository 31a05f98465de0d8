import Foundation
import LabelCore
import Testing
@testable import LabelScan

/// `scan --resources` never reads `import`'s lock or temporary files as tables (each is
/// malformed here, so reading one would fail the store).
@Suite struct ScanStoreTemporaryFilesTests {
    @Test func theImportsLockAndTemporaryFilesAreNotTables() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-temporaries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "de.lproj/Localizable.strings": "\"a\" = \"Apfel\";\n",
            ".label-server.lock": "",
            "de.lproj/Localizable.strings.tmp-4242": "\"a\" = \"half",
            "de.lproj/.Localizable.strings.label-server-tmp-0123456789abcdef": "\"a\" = \"ha",
            ".Accessibility.xcstrings.label-server-tmp-0123456789abcdef": "{\"strings\":",
            "Accessibility.xcstrings.tmp-77": "{\"strings\":",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        #expect(ScanStore.resourceFiles(under: folder.path) == [folder.path + "/de.lproj/Localizable.strings"])
        let store = try ScanStore.resources([folder.path], developmentLanguage: LanguageTag("en"))
        #expect(store.catalog.entries(table: "Localizable", language: LanguageTag("de")!).count == 1)
    }
}
