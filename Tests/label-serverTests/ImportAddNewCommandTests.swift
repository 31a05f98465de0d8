import Foundation
import LabelCore
import LabelScan
import Testing
@testable import label_server

/// The loop for keys new to the development language: `scan --format xliff --lang de` →
/// a translator fills the targets → `import --add-new` → the store has them in both
/// languages. A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class ImportAddNewCommandTests {
    let root: URL
    var resources: String { root.appendingPathComponent("Resources").path }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("import-add-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        let source = """
            Text("a")
            Text("Hello")
            Text("")
            let title = NSLocalizedString("greeting.title", value: "Welcome", comment: "Start screen")
            let day = String(localized: "greeting.day", defaultValue: "Good day", comment: "Morning")
            """
        try Data(source.utf8).write(to: root.appendingPathComponent("App/View.swift"))
        try writeTables()
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func writeTables() throws {
        for language in ["en", "de", "fr"] {
            try? FileManager.default.removeItem(at: root.appendingPathComponent("Resources/\(language).lproj"))
        }
        for (language, value) in [("en", "A"), ("de", "A-de")] {
            let folder = root.appendingPathComponent("Resources/\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("\"a\" = \"\(value)\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
    }

    func value(_ catalog: Catalog, _ key: String, _ language: String) -> String? {
        catalog.entry(key: key, table: "Localizable", language: LanguageTag(language)!)?.string.template
    }

    func load() throws -> Catalog {
        try StoreLoader.load(StoreConfiguration(directory: root.path, bundles: ["Resources"])).catalog
    }

    /// Each unit's `<target>` as a translator fills it (`de SOURCE`), its note replaced by
    /// a developer's note, so the comment checked does not depend on what scan's note says.
    static func filled(_ xliff: String) throws -> String {
        let units = try NSRegularExpression(pattern: "(?s)<source>(.*?)</source>.*?</trans-unit>")
        return units.stringByReplacingMatches(in: xliff, range: NSRange(xliff.startIndex..., in: xliff),
                                              withTemplate: "<source>$1</source><target>de $1</target><note from=\"developer\">about $1</note></trans-unit>")
    }

    @Test func scannedKeysFilledAndImportedWithAddNewLoadInBothLanguages() throws {
        var options = Scan.Options()
        options.paths = [root.appendingPathComponent("App").path]
        options.store = .resources([resources], developmentLanguage: LanguageTag("en"))
        let report = try Scan.run(options)
        let xliff = ScanCommand.export(report, format: "xliff", language: LanguageTag("de")!, catalog: report.catalog)
        #expect(xliff.contains("target-language=\"de\"") && !xliff.contains("<target"))
        // The source a team can translate: the key itself for a text key, else the call's value.
        for source in ["Hello", "Welcome", "Good day"] { #expect(xliff.contains("<source>\(source)</source>")) }
        #expect(!xliff.contains("<source>greeting.title</source>") && !xliff.contains("<source>a</source>"))
        // `Text("")` asks for the empty key: nothing to translate, and no id import takes.
        #expect(report.keys.contains { $0.key.isEmpty } && !xliff.contains("id=\"\""))
        let file = root.appendingPathComponent("de.xliff")
        try Data(try Self.filled(xliff).utf8).write(to: file)
        #expect(ImportCommand.run([file.path, "--into", resources, "--dry-run"]) == 0)   // skipped, counted: exit 0
        #expect(try load().entry(key: "Hello", table: "Localizable", language: LanguageTag("en")!) == nil)
        #expect(ImportCommand.run([file.path, "--into", resources, "--add-new"]) == 0)
        let catalog = try load()
        for (key, source) in [("Hello", "Hello"), ("greeting.title", "Welcome"), ("greeting.day", "Good day")] {
            #expect(value(catalog, key, "en") == source)
            #expect(value(catalog, key, "de") == "de \(source)")
        }
        #expect(value(catalog, "a", "en") == "A" && value(catalog, "a", "de") == "A-de")
        let english = try String(contentsOfFile: resources + "/en.lproj/Localizable.strings", encoding: .utf8)
        #expect(english.contains("/* about Welcome */\n\"greeting.title\" = \"Welcome\";"))
    }

    func xliff(_ language: String, keys: [String]) throws -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        text += "<file original=\"Localizable.strings\" source-language=\"en\" target-language=\"\(language)\" datatype=\"plaintext\"><body>\n"
        for key in keys { text += "<trans-unit id=\"\(key)\"><source>\(key) text</source><target>\(language) \(key)</target></trans-unit>\n" }
        text += "</body></file>\n</xliff>\n"
        let url = root.appendingPathComponent("\(language).xliff")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Two CI jobs import German and French, both adding the same and their own new keys to
    /// English: the lock makes the second build on the first, so English ends with all of them.
    @Test func twoParallelImportsWithAddNewLoseNoKey() throws {
        let binary = try #require(ImportLockTests.executable(), "label-server is built with the tests")
        let shared = (0..<100).map { "shared\($0)" }
        let german = try xliff("de", keys: shared + (0..<100).map { "de\($0)" })
        let french = try xliff("fr", keys: shared + (0..<100).map { "fr\($0)" })
        for _ in 0..<3 {
            try writeTables()
            let runs = [german, french].map { file in
                let process = Process()
                process.executableURL = binary
                process.arguments = ["import", file, "--into", resources, "--add-new"]
                process.standardOutput = FileHandle.nullDevice
                return process
            }
            for process in runs { try process.run() }
            for process in runs { process.waitUntilExit() }
            #expect(runs.map(\.terminationStatus) == [0, 0])
            let catalog = try load()
            let english = shared + (0..<100).flatMap { ["de\($0)", "fr\($0)"] }
            #expect(english.allSatisfy { value(catalog, $0, "en") == "\($0) text" })
            #expect((shared + (0..<100).map { "de\($0)" }).allSatisfy { value(catalog, $0, "de") == "de \($0)" })
            #expect((shared + (0..<100).map { "fr\($0)" }).allSatisfy { value(catalog, $0, "fr") == "fr \($0)" })
        }
    }
}
