import Foundation
import Testing
import LabelCore

/// What `label-server import` leaves in a bundle folder besides tables (its lock file,
/// the temporary files of a killed run) is never read as a table: the loader takes
/// `.strings`, `.stringsdict` and `.xcstrings` by exact suffix and skips names that
/// start with a dot. Each file here is malformed, so reading any one fails the load.
struct StoreLoaderTemporaryFilesTests {
    @Test func theImportsLockAndTemporaryFilesAreNotTables() throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("store-temporaries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let files = [
            "app/de.lproj/Localizable.strings": "\"a\" = \"Apfel\";\n",
            "app/.label-server.lock": "",
            "app/de.lproj/Localizable.strings.tmp-4242": "\"a\" = \"half",
            "app/de.lproj/.Localizable.strings.label-server-tmp-0123456789abcdef": "\"a\" = \"ha",
            "app/de.lproj/.Plurals.stringsdict.label-server-tmp-0123456789abcdef": "<plist",
            "app/.Accessibility.xcstrings.label-server-tmp-0123456789abcdef": "{\"strings\":",
            "app/Accessibility.xcstrings.tmp-77": "{\"strings\":",
        ]
        for (path, text) in files {
            let url = store.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let loaded = try StoreLoader.load(StoreConfiguration(directory: store.path, bundles: ["app"]))
        #expect(loaded.fileCount == 1)
        #expect(loaded.catalog.entries(table: "Localizable", language: LanguageTag("de")!).count == 1)
    }
}
