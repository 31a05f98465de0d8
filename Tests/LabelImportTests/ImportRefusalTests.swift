import Foundation
import LabelCore
import Testing
@testable import LabelImport

/// Import writes nothing that fails its own checks: such a unit is refused with a code
/// and the rest is imported; `--strict` writes nothing at all when there is a finding.
@Suite struct ImportRefusalTests {
    typealias F = ImportFixtures

    private static let english = Data("\"a\" = \"Apple %d\";\n\"b\" = \"Banana %@\";\n".utf8)

    private static let englishPlurals = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>apples</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n@</string>
        \t\t<key>n</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d apple</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d apples</string>
        \t\t</dict>
        \t</dict>
        \t<key>pears</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@p@</string>
        \t\t<key>p</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d pears</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """.utf8)

    private func plural(_ key: String, variable: String, format: String, _ forms: [String: String]) -> [F.Unit] {
        [.init(id: "/\(key):dict/NSStringLocalizedFormatKey:dict/:string", source: "%#@\(variable)@", target: format)]
            + forms.sorted { $0.key < $1.key }.map {
                .init(id: "/\(key):dict/\(variable):dict/\($0.key):dict/:string", source: "%d \(key)", target: $0.value)
            }
    }

    @Test func aTargetWhosePlaceholderTypeDiffersIsRefusedAndTheRestIsWritten() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": Self.english])
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "a", source: "Apple %d", target: "Apfel %@"),
            .init(id: "b", source: "Banana %@", target: "Banane %@"),
        ])), into: bundle)
        #expect(report.findings.map(\.kind) == [.placeholderMismatch])
        #expect(report.findings.map(\.refused) == [true])
        #expect(!report.isRefused)
        #expect(report.files[0].imported == 1 && report.files[0].refused == 1)
        #expect(F.text(bundle, "de.lproj/Localizable.strings") == "\"b\" = \"Banane %@\";\n")
        // The code is in both reports.
        let text = ImportReportRendering.text(report)
        #expect(text.contains("error: [placeholder-mismatch] a: ") && text.contains("; not written"))
        let json = ImportReportRendering.json(report, into: "x")
        #expect(json.contains("\"kind\":\"placeholder-mismatch\"") && json.contains("\"refused\":true") && json.contains("\"refusedUnits\":1"))
    }

    @Test func strictWritesNothingAtAllWhenAUnitIsRefused() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.strings": Self.english])
        let data = F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "a", source: "Apple %d", target: "Apfel %@"),
            .init(id: "b", source: "Banana %@", target: "Banane %@"),
        ]), F.file("Localizable.strings", target: "fr", [.init(id: "b", source: "Banana %@", target: "Banane %@")]))
        let plan = Importer(directory: bundle, options: .init(strict: true)).plan([try XLIFFReader.read(data, file: "t.xliff")])
        #expect(plan.report.isRefused && plan.writes.isEmpty)
        #expect(plan.report.findings.map(\.kind) == [.placeholderMismatch])
        #expect(ImportReportRendering.json(plan.report, into: "x").contains("\"strict\":true"))
        // Any finding, not only a refused unit: an unknown key under --strict writes nothing either.
        let unknown = F.xliff(F.file("Localizable.strings", target: "de", [.init(id: "zzz", source: "Z", target: "Z")]))
        let second = Importer(directory: bundle, options: .init(strict: true)).plan([try XLIFFReader.read(unknown, file: "u.xliff")])
        #expect(second.report.findings.map(\.kind) == [.unknownKey] && second.writes.isEmpty && second.report.isRefused)
    }

    @Test func aStringsDictFormatNamingAVariableTheEntryLacksIsRefusedWhole() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.englishPlurals])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "de",
            plural("apples", variable: "n", format: "%#@evil@", ["one": "%d Apfel", "other": "%d Äpfel"])
            + plural("pears", variable: "p", format: "%#@p@", ["one": "%d Birne", "other": "%d Birnen"]))), into: bundle)
        #expect(report.findings.map(\.kind) == [.undefinedVariable, .undefinedVariable, .undefinedVariable])
        #expect(report.findings.allSatisfy(\.refused) && !report.isRefused)
        #expect(report.files[0].imported == 3 && report.files[0].refused == 3)
        let data = try Data(contentsOf: bundle.appendingPathComponent("de.lproj/Localizable.stringsdict"))
        let entries = try StringsDictParser.parse(data, file: "de").entries
        #expect(entries["apples"] == nil)
        #expect(entries["pears"]?.template == "%#@p@")
    }

    @Test func aRefusedVariantRefusesTheOtherUnitsOfItsEntry() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.englishPlurals])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "de",
            plural("apples", variable: "n", format: "%#@n@", ["one": "%d Apfel", "other": "%@ Äpfel"]))), into: bundle, dryRun: true)
        #expect(report.findings.map(\.kind) == [.placeholderMismatch, .entryRefused, .entryRefused])
        #expect(report.files[0].status == .unchanged && report.files[0].imported == 0)
    }

    @Test func aTargetWithANonCharacterIsRefusedAndTheStringsDictStaysXML() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.englishPlurals,
                                   "en.lproj/Localizable.strings": Self.english])
        let report = try F.run(F.xliff(
            F.file("Localizable.stringsdict", target: "de",
                   plural("apples", variable: "n", format: "%#@n@", ["one": "%d Apfel\u{FFFE}", "other": "%d Äpfel"])
                   + plural("pears", variable: "p", format: "%#@p@", ["one": "%d <Birne> & more", "other": "%d Birnen"])),
            F.file("Localizable.strings", target: "de", [.init(id: "b", source: "Banana %@", target: "Banane\u{FFFF} %@")])), into: bundle)
        #expect(report.findings.map(\.kind) == [.nonXMLCharacter, .entryRefused, .entryRefused, .nonXMLCharacter])
        #expect(report.findings[0].message.contains("U+FFFE") && report.findings[3].message.contains("U+FFFF"))
        let data = try Data(contentsOf: bundle.appendingPathComponent("de.lproj/Localizable.stringsdict"))
        #expect(!String(decoding: data, as: UTF8.self).unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF })
        // Through LabelCore's escaper, which Foundation reads back.
        #expect(String(decoding: data, as: UTF8.self).contains("<string>%d &lt;Birne&gt; &amp; more</string>"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: [String: Any]])
        #expect((plist["pears"]?["p"] as? [String: String])?["one"] == "%d <Birne> & more")
        #expect(plist["apples"] == nil)
        #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("de.lproj/Localizable.strings").path))
    }

    @Test func aNewEntryWithoutADevelopmentEntryGetsItsValueTypeFromTheSpecifier() throws {
        let bundle = try F.bundle(["en.lproj/Other.strings": Data()])
        try F.run(F.xliff(F.file("Localizable.stringsdict", target: "de", [
            .init(id: "/files:dict/NSStringLocalizedFormatKey:dict/:string", source: "%#@n@", target: "%#@n@"),
            .init(id: "/files:dict/n:dict/one:dict/:string", source: "%lld file", target: "Eine Datei"),
            .init(id: "/files:dict/n:dict/other:dict/:string", source: "%lld files", target: "%lld Dateien"),
        ])), into: bundle)
        let data = try Data(contentsOf: bundle.appendingPathComponent("de.lproj/Localizable.stringsdict"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: [String: Any]])
        let variable = try #require(plist["files"]?["n"] as? [String: String])
        #expect(variable["NSStringFormatValueTypeKey"] == "lld" && variable["NSStringFormatSpecTypeKey"] == "NSStringPluralRuleType")
    }

    @Test func aNoteReplacesTheCommentAboveItsEntryAndNoNoteKeepsIt() throws {
        let english = Data("\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n\"c\" = \"Cherry\";\n".utf8)
        let german = Data("/* Old a. */\n\"a\" = \"Apfel\";\n\n/* Keep c. */\n\"c\" = \"Kirsche\";\n\"b\" = \"Banane\";\n".utf8)
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english, "de.lproj/Localizable.strings": german])
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "a", source: "Apple", target: "Apfel", note: "A fruit, */ red."),
            .init(id: "b", source: "Banana", target: "Banane", note: "Yellow."),
            .init(id: "c", source: "Cherry", target: "Kirsche!"),
        ])), into: bundle)
        #expect(report.findings.isEmpty)
        #expect(F.text(bundle, "de.lproj/Localizable.strings")
                == "/* A fruit, * / red. */\n\"a\" = \"Apfel\";\n\n/* Keep c. */\n\"c\" = \"Kirsche!\";\n/* Yellow. */\n\"b\" = \"Banane\";\n")
        // The same import again changes nothing.
        let again = try F.run(F.xliff(F.file("Localizable.strings", target: "de", [
            .init(id: "a", source: "Apple", target: "Apfel", note: "A fruit, */ red."),
        ])), into: bundle, dryRun: true)
        #expect(again.files[0].status == .unchanged)
    }
}
