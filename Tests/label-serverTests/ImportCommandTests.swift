import Foundation
import Testing
@testable import label_server

/// `label-server import`: exit statuses 0, 1 and 2, `--dry-run`, `--strict`.
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class ImportCommandTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("import-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/en.lproj"), withIntermediateDirectories: true)
        try Data("\"a\" = \"Apple %@\";\n".utf8).write(to: root.appendingPathComponent("app/en.lproj/Localizable.strings"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func xliff(_ name: String, target: String) throws -> String {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            <file original="en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext"><body>
            <trans-unit id="a"><source>Apple %@</source><target>\(target)</target></trans-unit>
            </body></file>
            </xliff>
            """
        let url = root.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    var german: String { root.appendingPathComponent("app/de.lproj/Localizable.strings").path }

    @Test func badUsageIsTwo() throws {
        let file = try xliff("de.xliff", target: "Apfel %@")
        #expect(ImportCommand.run([file]) == 2)                                                   // no --into
        #expect(ImportCommand.run(["--into", root.path]) == 2)                                    // no FILE
        #expect(ImportCommand.run([file, "--into", root.appendingPathComponent("nope").path]) == 2)
        #expect(ImportCommand.run([file, "--into", root.path, "--format", "xml"]) == 2)
        #expect(ImportCommand.run([file, "--into", root.path, "--dev-lang", "../x"]) == 2)
        #expect(ImportCommand.run(["--help"]) == 0)
    }

    @Test func dryRunWritesNothingThenTheImportWrites() throws {
        let file = try xliff("de.xliff", target: "Apfel %@")
        let into = root.appendingPathComponent("app").path
        #expect(ImportCommand.run([file, "--into", into, "--dry-run", "--format", "json"]) == 0)
        #expect(!FileManager.default.fileExists(atPath: german))
        #expect(ImportCommand.run([file, "--into", into]) == 0)
        #expect(try String(contentsOfFile: german, encoding: .utf8) == "\"a\" = \"Apfel %@\";\n")
    }

    @Test func aRefusedFileIsOneAndWritesNothing() throws {
        let good = try xliff("de.xliff", target: "Apfel %@")
        let bad = root.appendingPathComponent("bad.xliff")
        try Data("<xliff version=\"1.2\"><file>".utf8).write(to: bad)
        #expect(ImportCommand.run([good, bad.path, "--into", root.appendingPathComponent("app").path]) == 1)
        #expect(!FileManager.default.fileExists(atPath: german))
    }

    @Test func findingsFailOnlyUnderStrict() throws {
        let file = try xliff("de.xliff", target: "Apfel %d")   // %@ became %d
        let into = root.appendingPathComponent("app").path
        #expect(ImportCommand.run([file, "--into", into, "--strict", "--dry-run"]) == 1)
        #expect(ImportCommand.run([file, "--into", into]) == 0)
    }

    /// An `.xcloc` as Xcode exports it: only `Localized Contents/*.xliff` is read; the
    /// untranslated copies in `Source Contents`, the screenshots in `Notes` and
    /// `contents.json` are not (here a broken XLIFF in each would refuse the run).
    @Test func anXclocImportsItsLocalizedContentsOnly() throws {
        let xcloc = root.appendingPathComponent("de.xcloc")
        let localized = xcloc.appendingPathComponent("Localized Contents")
        for folder in ["Localized Contents", "Source Contents/en.lproj", "Notes"] {
            try FileManager.default.createDirectory(at: xcloc.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let translated = try xliff("translated.xliff", target: "Apfel %@")
        try FileManager.default.moveItem(atPath: translated, toPath: localized.appendingPathComponent("de.xliff").path)
        let broken = Data("<xliff version=\"1.2\"><file>".utf8)
        try broken.write(to: xcloc.appendingPathComponent("Source Contents/de.xliff"))
        try broken.write(to: xcloc.appendingPathComponent("Notes/de.xliff"))
        try Data("\"a\" = \"Apple %@\";\n".utf8).write(to: xcloc.appendingPathComponent("Source Contents/en.lproj/Localizable.strings"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: xcloc.appendingPathComponent("Notes/screenshot.png"))
        try Data(#"{"developmentRegion":"en","targetLocale":"de","toolInfo":{},"version":"1.0"}"#.utf8)
            .write(to: xcloc.appendingPathComponent("contents.json"))
        #expect(ImportCommand.run([xcloc.path, "--into", root.appendingPathComponent("app").path, "--strict"]) == 0)
        #expect(try String(contentsOfFile: german, encoding: .utf8) == "\"a\" = \"Apfel %@\";\n")
    }

    /// A folder that is not an `.xcloc` with translations is an error naming it, nothing written.
    @Test func anXclocWithoutLocalizedContentsIsRefused() throws {
        let xcloc = root.appendingPathComponent("empty.xcloc")
        try FileManager.default.createDirectory(at: xcloc.appendingPathComponent("Source Contents"), withIntermediateDirectories: true)
        #expect(ImportCommand.run([xcloc.path, "--into", root.appendingPathComponent("app").path]) == 1)
        #expect(!FileManager.default.fileExists(atPath: german))
    }
}
