import Foundation
import LabelCore
import Testing
@testable import LabelImport

/// `Import.run`: the one call the CLI makes (read, plan, write unless dry or refused),
/// and the refusal codes its report carries.
@Suite struct ImportEntryPointTests {
    typealias F = ImportFixtures

    private static let english = Data("\"a\" = \"Apple\";\n".utf8)

    /// A bundle with the English table, and an XLIFF file beside it for `target`.
    private func setUp(_ existing: [String: Data] = [:], target: String = "de") throws -> (bundle: URL, xliff: String) {
        let bundle = try F.bundle(existing.merging(["en.lproj/Localizable.strings": Self.english]) { own, _ in own })
        let xliff = bundle.appendingPathComponent("in.xliff")
        try F.xliff(F.file("Localizable.strings", target: target, [.init(id: "a", source: "Apple", target: "Apfel")])).write(to: xliff)
        return (bundle, xliff.path)
    }

    @Test func runWritesThePlanAndCountsTheFiles() throws {
        let (bundle, xliff) = try setUp()
        defer { try? FileManager.default.removeItem(at: bundle) }
        let report = try Import.run([xliff], into: bundle)
        #expect(!report.isRefused && report.filesWritten == 1 && !report.dryRun)
        #expect(F.text(bundle, "de.lproj/Localizable.strings")?.contains("\"a\" = \"Apfel\";") == true)
    }

    @Test func aDryRunWritesNothing() throws {
        let (bundle, xliff) = try setUp()
        defer { try? FileManager.default.removeItem(at: bundle) }
        let report = try Import.run([xliff], into: bundle, dryRun: true)
        #expect(report.dryRun && report.filesWritten == 0 && report.files[0].outputs[0].status == .written)
        #expect(F.text(bundle, "de.lproj/Localizable.strings") == nil)
    }

    @Test func aRefusedOutputWritesNothingAndCarriesItsCode() throws {
        let (bundle, xliff) = try setUp(["de.lproj/Localizable.strings": Data("<plist version=\"1.0\"><dict/></plist>".utf8)])
        defer { try? FileManager.default.removeItem(at: bundle) }
        let report = try Import.run([xliff], into: bundle)
        #expect(report.isRefused && report.filesWritten == 0)
        #expect(report.refusals.map(\.code) == ["property-list-strings"])
        #expect(report.refusals.map(\.reason) == [.propertyListStrings(binary: false)])
    }

    @Test func aMissingXLIFFIsAReadErrorInTheReport() throws {
        let bundle = try F.bundle([:])
        defer { try? FileManager.default.removeItem(at: bundle) }
        let report = try Import.run([bundle.appendingPathComponent("none.xliff").path], into: bundle)
        #expect(report.isRefused && report.errors.map(\.reason) == [.unreadable("no such file")])
        #expect(report.errors.map(\.reason.code) == ["unreadable"])
    }

    /// Every reason: its code (unique, stable) and the sentence the text and JSON reports print.
    @Test func everyRefusalReasonHasAStableCodeAndItsSentence() {
        let location = SourceLocation(file: "de.lproj/L.strings", line: 3, column: 5)
        let cases: [(ImportRefusal.Reason, String, String)] = [
            (.existingTooLarge(path: "a", bytes: 9, limit: 8), "existing-too-large", "a has 9 bytes; at most 8 are merged"),
            (.existingUnopenable(path: "a", detail: "denied"), "existing-unopenable", "cannot read a: denied"),
            (.existingUnreadable(detail: "bad"), "existing-unreadable", "the existing file cannot be read: bad"),
            (.tableUnreadable(path: "en.lproj/L.stringsdict", detail: "bad"), "table-unreadable", "en.lproj/L.stringsdict cannot be read: bad"),
            (.besideUnreadable(detail: "bad"), "beside-unreadable", "cannot read a .stringsdict beside it: bad"),
            (.propertyListStrings(binary: true), "property-list-strings",
             "the existing file is a binary property list; only text .strings files are merged"),
            (.valueNotFound(key: "k", location: location), "value-not-found", "cannot find the value of \"k\" at de.lproj/L.strings:3:5"),
            (.existingNotUTF8, "existing-not-utf8", "the existing file is not UTF-8 throughout (an XML property list this import merges is)"),
            (.existingNonXMLCharacter(scalar: "FFFE"), "existing-non-xml-character", "the existing file holds U+FFFE, which XML 1.0 cannot hold"),
            (.existingNotXML(detail: "bad"), "existing-not-xml", "the existing file is not an XML property list this import can merge: bad"),
            (.existingNotOneDictionary, "existing-not-one-dictionary", "the existing file is not a <plist> holding one <dict>"),
            (.existingMisplacedElement(name: "string"), "existing-misplaced-element",
             "the existing file's <dict> has <string> where a <key> belongs"),
            (.noFormatKey(key: "k", place: "NSStringDeviceSpecificRuleType iphone"), "no-format-key",
             "\"k\" (NSStringDeviceSpecificRuleType iphone): no NSStringLocalizedFormatKey translated, and the language has none"),
            (.catalogMissing(path: "L.xcstrings"), "catalog-missing",
             "L.xcstrings does not exist; String Catalog units are imported into the catalog they were exported from"),
            (.catalogNotJSON(offset: 4, detail: "bad"), "catalog-not-json", "the existing catalog is not JSON this import reads (byte 4: bad)"),
            (.catalogWithoutSourceLanguage, "catalog-without-source-language", "the existing catalog has no sourceLanguage"),
            (.catalogOtherLanguagesChanged(language: "de"), "catalog-other-languages-changed",
             "the merged catalog would change languages other than de"),
            (.mergedUnreadable(kind: .catalog, detail: "bad"), "merged-unreadable", "the merged catalog would not read back: bad"),
            (.mergedUnreadable(kind: .stringsdict, detail: "bad"), "merged-unreadable", "the merged file would not read back: bad"),
            (.mergedDiffers(kind: .strings), "merged-differs", "the merged file would not read back as the merged table"),
            (.mergedDiffers(kind: .stringsdict), "merged-differs", "the merged file would not read back as the merged entries"),
        ]
        for (reason, code, sentence) in cases {
            #expect(ImportRefusal(reason).code == code)
            #expect(ImportRefusal(reason).description == sentence)
        }
        #expect(Set(cases.map(\.1)).count == 19)
    }
}
