import Foundation
import LabelCore
import LabelImport
import Testing

/// `import --add-new`: keys new to the development language come back, in both languages;
/// without the flag the report counts them once and names the flag.
@Suite struct ImportAddNewTests {
    typealias F = ImportFixtures

    static let english = Data("\"a\" = \"Apple\";\n".utf8)
    static let emptyPlurals = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        </dict>
        </plist>

        """.utf8)

    /// Plans and applies with `--add-new` (and `--strict` when asked).
    static func run(_ xliff: Data, into bundle: URL, strict: Bool = false, addNew: Bool = true,
                    developmentLanguage: String? = nil) throws -> (ImportReport, [Importer.Write]) {
        let options = Importer.Options(developmentLanguage: developmentLanguage.flatMap { LanguageTag($0) }, strict: strict, addNew: addNew)
        let importer = Importer(directory: bundle, options: options)
        var plan = importer.plan([try XLIFFReader.read(xliff, file: "t.xliff")])
        try importer.apply(plan.writes)
        plan.report.filesWritten = plan.writes.count   // as Import.run counts them
        return (plan.report, plan.writes)
    }

    static func load(_ bundle: URL) throws -> Catalog {
        try StoreLoader.load(StoreConfiguration(directory: bundle.deletingLastPathComponent().path, bundles: [bundle.lastPathComponent])).catalog
    }

    static func value(_ catalog: Catalog, _ key: String, _ language: String) -> String? {
        catalog.entry(key: key, table: "Localizable", language: LanguageTag(language)!)?.string.template
    }

    @Test func withoutTheFlagTheSkippedNewKeysAreCountedOnceNamingTheFlag() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": Self.english])
        let (report, _) = try Self.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "a", source: "Apple", target: "Apfel"),
            .init(id: "Hello", source: "Hello", target: "Hallo"),
            .init(id: "Bye", source: "Bye", target: "Tschüss"),
        ])), into: bundle, addNew: false)
        #expect(report.newKeysSkipped == 2)
        #expect(report.findings.map(\.kind) == [.unknownKey, .unknownKey])
        #expect(!report.isRefused)
        let text = ImportReportRendering.text(report)
        #expect(text.components(separatedBy: "[new-keys-skipped]").count == 2 && text.contains("--add-new"))
        #expect(!text.contains("[unknown-key]"))   // one line, not one per unit
        #expect(ImportReportRendering.text(report, verbose: true).contains("[unknown-key] Hello"))
        let json = ImportReportRendering.json(report, into: "x")
        #expect(json.contains(#""notices":[{"code":"new-keys-skipped","count":2,"flag":"--add-new""#))
        #expect(json.components(separatedBy: #""kind":"unknown-key""#).count == 3)   // every entry kept
        #expect(F.text(bundle, "en.lproj/Localizable.strings") == "\"a\" = \"Apple\";\n")
        #expect(F.text(bundle, "de.lproj/Localizable.strings") == "\"a\" = \"Apfel\";\n")
    }

    @Test func aNewKeyIsWrittenToTheDevelopmentLanguageWithItsCommentAndToTheTarget() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": Self.english])
        let (report, _) = try Self.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "a", source: "Apple", target: "Apfel"),
            .init(id: "greeting", source: "Welcome, %@", target: "Willkommen, %@", note: "Shown on the start screen"),
            .init(id: "later", source: "Later", target: nil),
        ])), into: bundle)
        #expect(report.findings.isEmpty && report.newKeysSkipped == 0)
        #expect(report.files[0].imported == 2 && report.files[0].added == 1)
        #expect(F.text(bundle, "en.lproj/Localizable.strings")
                == "\"a\" = \"Apple\";\n\n/* Shown on the start screen */\n\"greeting\" = \"Welcome, %@\";\n")
        let catalog = try Self.load(bundle)
        #expect(Self.value(catalog, "greeting", "en") == "Welcome, %@" && Self.value(catalog, "greeting", "de") == "Willkommen, %@")
        // A unit without a translation adds nothing.
        #expect(Self.value(catalog, "later", "en") == nil)
        let text = ImportReportRendering.text(report)
        #expect(text.hasPrefix("2 files written;") && text.contains("\n  de: 2 imported, 1 new keys added, 1 skipped, 0 refused"))
        #expect(!text.contains("skipped later"))   // per-unit skips only with --verbose
        #expect(ImportReportRendering.text(report, verbose: true).contains("\n  skipped later: no <target>"))
    }

    /// `text` escaped for an attribute or element, tabs and line ends as character
    /// references (an attribute's raw newline would be read as a space).
    static func escapeAll(_ text: String) -> String {
        F.escape(text).replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#13;")
    }

    /// Keys and comments a translator's file may hold: each reads back exactly, in both languages.
    @Test func hostileNewKeysReadBackExactly() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": Self.english])
        let enormous = String(repeating: "Ω long key ", count: 20_000)
        let keys = ["a/b/../c", "say \"hi\"", "end */ of comment", "tab\there\nnewline\r", "back\\slash", enormous]
        var body = ""
        for (index, key) in keys.enumerated() {
            body += "<trans-unit id=\"\(Self.escapeAll(key))\"><source>\(Self.escapeAll(key))</source><target>de \(index)</target>"
                + "<note>\(Self.escapeAll("note */ with /* and \"quotes\"\t\(key)"))</note></trans-unit>\n"
        }
        body += "<trans-unit id=\"%@ %d %n\"><source>%@ %d %n</source><target>%@ %d</target></trans-unit>\n"
        let xliff = "<xliff version=\"1.2\"><file original=\"Localizable.strings\" source-language=\"en\" target-language=\"de\"><body>\n"
            + body + "</body></file></xliff>\n"
        let (report, _) = try Self.run(Data(xliff.utf8), into: bundle)
        let catalog = try Self.load(bundle)
        for (index, key) in keys.enumerated() {
            #expect(Self.value(catalog, key, "en") == key)
            #expect(Self.value(catalog, key, "de") == "de \(index)")
        }
        // A source holding %n is refused in the development language, so in every language.
        #expect(report.findings.map(\.kind) == [.placeholderMismatch] && report.findings[0].refused)
        #expect(Self.value(catalog, "%@ %d %n", "en") == nil && Self.value(catalog, "%@ %d %n", "de") == nil)
        let english = try #require(F.text(bundle, "en.lproj/Localizable.strings"))
        #expect(english.contains("/* note * / with /* and \"quotes\"\tend * / of comment */\n\"end */ of comment\" = "))
    }

    @Test func strictWithOneBadUnitWritesNothing() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": Self.english])
        let (report, writes) = try Self.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "new", source: "New", target: "Neu"),
            .init(id: "count", source: "%d items", target: "%@ Dinge"),
        ])), into: bundle, strict: true)
        #expect(report.isRefused && writes.isEmpty && report.filesWritten == 0)
        #expect(F.text(bundle, "en.lproj/Localizable.strings") == "\"a\" = \"Apple\";\n")
        #expect(F.text(bundle, "de.lproj/Localizable.strings") == nil)
    }

    /// The development language is --dev-lang's (else each file's source-language, else en):
    /// a file whose source-language is another language adds no key; en-US is English.
    @Test func aFileInAnotherSourceLanguageAddsNoKey() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": Self.english])
        let (report, _) = try Self.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "Bonjour", source: "Bonjour", target: "Hallo"),
        ], source: "fr")), into: bundle, developmentLanguage: "en")
        #expect(report.findings.map(\.kind) == [.sourceLanguageDiffers] && report.files[0].refused == 1)
        #expect(F.text(bundle, "de.lproj/Localizable.strings") == nil)
        #expect(F.text(bundle, "en.lproj/Localizable.strings") == "\"a\" = \"Apple\";\n")
        let (us, _) = try Self.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "Hi", source: "Hi", target: "Hallo"),
        ], source: "en-US")), into: bundle, developmentLanguage: "en")
        #expect(us.findings.isEmpty && us.files[0].added == 1)
    }

    static func pluralUnits(_ key: String, _ categories: [String: String], format: Bool = true) -> [F.Unit] {
        var units: [F.Unit] = format ? [.init(id: "/\(key):dict/NSStringLocalizedFormatKey:dict/:string", source: "%#@n@", target: "%#@n@")] : []
        for (category, text) in categories.sorted(by: { $0.key < $1.key }) {
            units.append(.init(id: "/\(key):dict/n:dict/\(category):dict/:string", source: "%d \(key) (\(category))", target: text))
        }
        return units
    }

    @Test func aNewPluralKeyGetsAWholeDevelopmentEntryOrIsRefused() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": Self.english, "en.lproj/Localizable.stringsdict": Self.emptyPlurals])
        let russian = Self.pluralUnits("files", ["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"])
        // Japanese has only `other`: English's `one` cannot be made from its units.
        let japanese = Self.pluralUnits("photos", ["other": "%d 枚"])
        let noFormat = Self.pluralUnits("songs", ["one": "%d песня", "few": "%d песни", "many": "%d песен", "other": "%d песни"], format: false)
        let (report, _) = try Self.run(F.xliff(F.file("Localizable.stringsdict", target: "ru", russian + noFormat),
                                               F.file("Localizable.stringsdict", target: "ja", japanese)), into: bundle)
        #expect(Set(report.findings.map(\.kind)) == [.newPluralIncomplete])
        #expect(Set(report.findings.compactMap(\.id).map { $0.split(separator: ":")[0] }) == ["/songs", "/photos"])
        let catalog = try Self.load(bundle)
        let english = try #require(catalog.entry(key: "files", table: "Localizable", language: LanguageTag("en")!)?.string)
        #expect(english.template == "%#@n@")
        #expect(english.variables["n"]?.variants == [.one: "%d files (one)", .other: "%d files (other)"])
        #expect(catalog.entry(key: "files", table: "Localizable", language: LanguageTag("ru")!)?.string.variables["n"]?.variants[.few] == "%d файла")
        for key in ["photos", "songs"] {
            for language in ["en", "ru", "ja"] { #expect(catalog.entry(key: key, table: "Localizable", language: LanguageTag(language)!) == nil) }
        }
        #expect(report.files[0].added == 1)
    }

    @Test func aNewCatalogKeyGetsTheSourceLanguageAndItsComment() throws {
        let catalogText = #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Apple"}}}}},"version":"1.0"}"#
        let bundle = try F.bundle(["Localizable.xcstrings": Data(catalogText.utf8)])
        let (report, _) = try Self.run(F.xliff(F.file("Localizable.xcstrings", target: "de", [
            .init(id: "greeting", source: "Welcome", target: "Willkommen", note: "Start screen title"),
            .init(id: "cart|==|plural.one", source: "%lld item", target: "%lld Artikel"),
            .init(id: "cart|==|plural.other", source: "%lld items", target: "%lld Artikel"),
            .init(id: "ja|==|plural.other", source: "%lld things", target: "%lld Dinge"),
        ])), into: bundle)
        #expect(report.findings.map(\.kind) == [.newPluralIncomplete])
        let parsed = try StringCatalogParser.parse(Data(contentsOf: bundle.appendingPathComponent("Localizable.xcstrings")), file: "c")
        #expect(parsed.localizations["en"]?["greeting"]?.template == "Welcome")
        #expect(parsed.localizations["de"]?["greeting"]?.template == "Willkommen")
        #expect(parsed.localizations["en"]?["cart"]?.variables.values.first?.variants[.one] == "%lld item")
        #expect(parsed.localizations["de"]?["ja"] == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("Localizable.xcstrings"))) as? [String: Any])
        let strings = try #require(json["strings"] as? [String: Any])
        #expect((strings["greeting"] as? [String: Any])?["comment"] as? String == "Start screen title")
    }
}
