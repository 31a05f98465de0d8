import Foundation
import Testing
@testable import label_server

/// `label-server export android`: exit statuses 0, 1 and 2, and the tree it writes.
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class ExportCommandTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("export-command-\(UUID().uuidString)")
        for (language, text) in [("en", "\"a\" = \"Close\";\n\"b\" = \"%@ of %d\";\n"), ("de", "\"a\" = \"Schließen\";\n")] {
            let folder = root.appendingPathComponent("store/app/\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var store: String { root.appendingPathComponent("store").path }
    var out: String { root.appendingPathComponent("res").path }

    @Test func badUsageIsTwo() {
        #expect(ExportCommand.run(["android", "--strings", store]) == 2)                         // no --out
        #expect(ExportCommand.run(["ios", "--strings", store, "--out", out]) == 2)               // no such target
        #expect(ExportCommand.run(["android", "--strings", store, "--out", out, "--format", "xml"]) == 2)
        #expect(ExportCommand.run(["android", "--strings", store, "--out", out, "--table", "Nope"]) == 2)
        #expect(ExportCommand.run(["android", "--help"]) == 0)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aCleanStoreWritesEveryLanguageAndIsZero() throws {
        #expect(ExportCommand.run(["android", "--strings", store, "--bundles", "app", "--out", out, "--format", "json"]) == 0)
        let english = try String(contentsOfFile: out + "/values/strings.xml", encoding: .utf8)
        #expect(english.contains("<string name=\"a\">Close</string>"))
        #expect(english.contains("<string name=\"b\">%1$s of %2$,d</string>"))
        let german = try String(contentsOfFile: out + "/values-de/strings.xml", encoding: .utf8)
        #expect(german.contains("<string name=\"a\">Schließen</string>"))
    }

    @Test func aRefusedValueIsOne() throws {
        let english = root.appendingPathComponent("store/app/en.lproj/Localizable.strings")
        try Data("\"a\" = \"Close\";\n\"c\" = \"%e\";\n".utf8).write(to: english)
        #expect(ExportCommand.run(["android", "--strings", store, "--bundles", "app", "--out", out]) == 1)
        // What could be converted is written all the same; the refused key is left out.
        let values = try String(contentsOfFile: out + "/values/strings.xml", encoding: .utf8)
        #expect(values.contains("name=\"a\"") && !values.contains("name=\"c\""))
    }

    @Test func aStoreThatDoesNotLoadIsOne() {
        #expect(ExportCommand.run(["android", "--strings", root.appendingPathComponent("absent").path, "--out", out]) == 1)
    }
}
