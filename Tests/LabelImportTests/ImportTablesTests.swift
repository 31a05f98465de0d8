import Foundation
import LabelCore
import Testing
@testable import LabelImport

@Suite struct ImportTablesTests {
    typealias F = ImportFixtures

    private let english = Data("""
        /* First. */
        "a" = "Apple";

        // MARK: - More
        "b" = "Banana %@";
        "c" = "Cherry";

        """.utf8)

    @Test func mergesStringsInPlaceKeepingCommentsOrderAndOtherKeys() throws {
        let german = Data("/* Erst. */\n\"a\" = \"Alt\";\n\n// MARK: - Mehr\n\"c\" = \"Kirsche\";\n".utf8)
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english, "de.lproj/Localizable.strings": german])
        let report = try F.run(F.xliff(F.file("App/en.lproj/Localizable.strings", target: "de", [
            .init(id: "a", source: "Apple", target: "Apfel"),
            .init(id: "b", source: "Banana %@", target: "Banane %@", note: "Fruit."),
            .init(id: "c", source: "Cherry", target: nil),
        ])), into: bundle)
        #expect(F.text(bundle, "de.lproj/Localizable.strings")
                == "/* Erst. */\n\"a\" = \"Apfel\";\n\n// MARK: - Mehr\n\"c\" = \"Kirsche\";\n\n/* Fruit. */\n\"b\" = \"Banane %@\";\n")
        #expect(report.files[0].status == .written && report.files[0].imported == 2)
        #expect(report.files[0].skipped == [.init(id: "c", reason: .noTarget)])
        // The sentence as the text and JSON reports print it.
        // Per-unit skips are listed only with --verbose.
        #expect(!ImportReportRendering.text(report).contains("skipped c"))
        #expect(ImportReportRendering.text(report, verbose: true).contains("\n  skipped c: no <target>"))
        #expect(ImportReportRendering.json(report, into: "x")
                    .contains(#""skipped":[{"id":"c","code":"no-target","reason":"no <target>"}]"#))
        #expect(report.findings.isEmpty)
    }

    @Test func anEmptyTargetIsAnEmptyStringAndUnfinishedStatesAreSkipped() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english])
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "fr", [
            .init(id: "a", source: "Apple", target: ""),
            .init(id: "c", source: "Cherry", target: "Cherry", state: "new"),
            .init(id: "b", source: "Banana %@", target: "Banane %@", state: "needs-review-translation"),
        ])), into: bundle)
        let values = try StringsFileParser.parse(Data(contentsOf: bundle.appendingPathComponent("fr.lproj/Localizable.strings")), file: "f").values
        #expect(values == ["a": "", "b": "Banane %@"])
        #expect(report.files[0].skipped == [.init(id: "c", reason: .notTranslated(state: "new"))])
    }

    @Test func keepsAUTF16FileUTF16() throws {
        var german = Data([0xFF, 0xFE])
        german.append("\"a\" = \"Alt\";\n\"c\" = \"Kirsche\";\n".data(using: .utf16LittleEndian)!)
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english, "de.lproj/Localizable.strings": german])
        try F.run(F.xliff(F.file("Localizable.strings", target: "de", [.init(id: "a", source: "Apple", target: "Äpfel 🍎")])), into: bundle)
        let data = try Data(contentsOf: bundle.appendingPathComponent("de.lproj/Localizable.strings"))
        var expected = Data([0xFF, 0xFE])
        expected.append("\"a\" = \"Äpfel 🍎\";\n\"c\" = \"Kirsche\";\n".data(using: .utf16LittleEndian)!)
        #expect(data == expected)
        #expect(try StringsFileParser.parse(data, file: "d").encoding == .utf16LittleEndian)
    }

    @Test func aKeyOfTheStringsdictIsNotWrittenToTheStrings() throws {
        let plist = Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v@</string></dict></dict></plist>".utf8)
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english, "en.lproj/Localizable.stringsdict": plist])
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "n", source: "%#@v@", target: "%#@v@"), .init(id: "a", source: "Apple", target: "Apfel"),
        ])), into: bundle)
        #expect(F.text(bundle, "de.lproj/Localizable.strings") == "\"a\" = \"Apfel\";\n")
        #expect(report.files[0].skipped == [.init(id: "n", reason: .livesInStringsDict(key: "n", file: "Localizable.stringsdict"))])
    }

    /// In a `.strings` `<file>` the id is the key, whatever it spells (the server exports
    /// plural units in a `.stringsdict` `<file>`: docs/decisions/xliff-files-per-source.md).
    @Test func aStringsKeySpelledLikeAStringsdictIDIsAKeyOfTheStrings() throws {
        let keys = ["/n:dict/NSStringLocalizedFormatKey:dict/:string", "/n:dict/v:dict/one:dict/:string", "a/b", "x:dict/y"]
        let english = Data(keys.map { "\"\($0)\" = \"E\";\n" }.joined().utf8)
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english])
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "de", keys.map { .init(id: $0, source: "E", target: "D") })), into: bundle)
        #expect(!report.isRefused && report.findings.isEmpty && report.files[0].skipped.isEmpty)
        #expect(report.files[0].outputs.map(\.path) == ["de.lproj/Localizable.strings"])
        #expect(F.text(bundle, "de.lproj/Localizable.strings") == keys.map { "\"\($0)\" = \"D\";\n" }.joined(separator: "\n"))
        #expect(F.text(bundle, "de.lproj/Localizable.stringsdict") == nil)
    }

    @Test func landsInTheFolderTheStoreHasForTheTag() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english, "pt_BR.lproj/Localizable.strings": Data()])
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "pt-BR", [.init(id: "a", source: "Apple", target: "Maçã")])), into: bundle)
        #expect(report.files[0].outputs.map(\.path) == ["pt_BR.lproj/Localizable.strings"])
        #expect(F.text(bundle, "pt_BR.lproj/Localizable.strings") == "\"a\" = \"Maçã\";\n")
        #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("pt-BR.lproj").path))
    }

    @Test func reportsPlaceholderMismatchesUnknownKeysATwiceNamedLanguageAndUnknownKinds() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english])
        let units: [F.Unit] = [
            .init(id: "b", source: "Banana %@", target: "Banane %d"),
            .init(id: "zzz", source: "Z", target: "Z"),
        ]
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "de", units),
                                       F.file("Localizable.strings", target: "de", []),
                                       F.file("Main.storyboard", target: "de", [])), into: bundle, dryRun: true)
        #expect(report.findings.map(\.kind) == [.languageTwice, .unknownKind, .placeholderMismatch, .unknownKey])
        #expect(report.findings.first { $0.kind == .placeholderMismatch }?.message
                == "argument 1 is %@ (object) in the source but %d (integer) in the target")
        #expect(report.files[2].status == .ignored)
        #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("de.lproj").path))   // dry run
    }

    @Test func placeholderChecksCountOrderAndTypes() {
        #expect(PlaceholderCheck.mismatch(source: "%1$@ has %2$d", target: "%2$d: %1$@", isPluralVariant: false) == nil)
        #expect(PlaceholderCheck.mismatch(source: "%@ has %d", target: "%d has %@", isPluralVariant: false)
                == "argument 1 is %@ (object) in the source but %d (integer) in the target")
        #expect(PlaceholderCheck.mismatch(source: "%@ and %@", target: "%@", isPluralVariant: false) == "the target lacks argument 2 (%@) of the source")
        #expect(PlaceholderCheck.mismatch(source: "%d coins", target: "One coin", isPluralVariant: true) == nil)
        #expect(PlaceholderCheck.mismatch(source: "%d coins", target: "%d coins %@", isPluralVariant: true)
                == "the target has argument 2 (%@), the source has 1 argument")
    }

    @Test func nothingIsWrittenWhenAnOutputIsRefused() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: ["a": "x"], format: .binary, options: 0)
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english, "de.lproj/Localizable.strings": binary])
        let data = F.xliff(F.file("Localizable.strings", target: "de", [.init(id: "a", source: "Apple", target: "Apfel")]),
                           F.file("Localizable.strings", target: "fr", [.init(id: "a", source: "Apple", target: "Pomme")]))
        let importer = Importer(directory: bundle)
        let plan = importer.plan([try XLIFFReader.read(data, file: "t.xliff")])
        #expect(plan.report.isRefused && plan.writes.isEmpty)
        #expect(plan.report.files[0].outputs.first?.refusal?.code == "property-list-strings")
        // The report's sentence and line for a refused output, as the CLI prints them.
        let text = ImportReportRendering.text(plan.report)
        #expect(text.contains("\n  → de.lproj/Localizable.strings: refused — refused: the existing file is a binary property list; "
                              + "only text .strings files are merged\n"))
        #expect(ImportReportRendering.json(plan.report, into: "x")
                    .contains(#""refusal":"the existing file is a binary property list; only text .strings files are merged""#))
        #expect(plan.report.files[1].status == .written)
    }

    @Test func onlyImportsTheSelectedOriginals() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english])
        let data = F.xliff(F.file("App/en.lproj/Localizable.strings", target: "de", [.init(id: "a", source: "Apple", target: "Apfel")]),
                           F.file("Widget/en.lproj/Localizable.strings", target: "de", [.init(id: "a", source: "Apple", target: "Widget-Apfel")]))
        let importer = Importer(directory: bundle, options: Importer.Options(originals: ["App/"]))
        let plan = importer.plan([try XLIFFReader.read(data, file: "t.xliff")])
        #expect(plan.report.files.map(\.status) == [.written, .ignored])
        #expect(plan.report.findings.isEmpty)   // no "language named twice": Widget's file is not imported
        try importer.apply(plan.writes)
        #expect(F.text(bundle, "de.lproj/Localizable.strings") == "\"a\" = \"Apfel\";\n")
        #expect(Importer.Options(originals: ["App/en.lproj/Localizable.strings"]).selects("App/en.lproj/Localizable.strings"))
        #expect(!Importer.Options(originals: ["App"]).selects("AppClip/en.lproj/Localizable.strings"))
    }
}
