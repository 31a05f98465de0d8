import Foundation
import LabelCore
import Testing
@testable import LabelAndroid

/// A store written to a temporary folder: `files` maps `bundle/lang.lproj/File` to text.
private func export(_ files: [String: String], development: String = "en") throws -> AndroidExport {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("android-export-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    let store = try StoreLoader.load(StoreConfiguration(directory: root.path, developmentLanguage: LanguageTag(development)))
    return AndroidExport(catalog: store.catalog)
}

private func text(_ export: AndroidExport, _ path: String) -> String? {
    export.files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
}

@Test func everyLanguageGetsItsFolderAndTheDevelopmentLanguageTheDefault() throws {
    let result = try export([
        "app/en.lproj/Localizable.strings": "\"close\" = \"Close\";\n\"only.en\" = \"English\";\n",
        "app/de.lproj/Localizable.strings": "\"close\" = \"Schließen\";\n",
        "app/he.lproj/Localizable.strings": "\"close\" = \"סגור\";\n",
    ])
    #expect(text(result, "values/strings.xml")?.contains("<string name=\"close\">Close</string>") == true)
    #expect(text(result, "values-de/strings.xml")?.contains("Schließen") == true)
    // English values stay in values/, where Android falls back as Apple's chain ends.
    #expect(text(result, "values-de/strings.xml")?.contains("only_en") == false)
    #expect(text(result, "values-iw/strings.xml")?.contains("סגור") == true)
    #expect(result.report.errorCount == 0)
}

@Test func aKeyTheDevelopmentLanguageLacksDefaultsToTheKeyItself() throws {
    let result = try export([
        "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        "app/de.lproj/Localizable.strings": "\"a\" = \"A\";\n\"de.only\" = \"Nur deutsch\";\n",
    ])
    #expect(text(result, "values/strings.xml")?.contains("<string name=\"de_only\">de.only</string>") == true)
    #expect(result.report.refusals.map(\.reason) == [.defaultIsKey])
}

@Test func aPluralInOneLanguageMakesThePluralsEverywhere() throws {
    let dict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>count</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>%d Datei</string><key>other</key><string>%d Dateien</string></dict>
        </dict></dict></plist>
        """
    let result = try export([
        "app/en.lproj/Localizable.strings": "\"count\" = \"%d files\";\n",
        "app/de.lproj/Localizable.stringsdict": dict,
    ])
    let defaults = try #require(text(result, "values/strings.xml"))
    #expect(defaults.contains("<item quantity=\"one\">%,d files</item>"))
    #expect(defaults.contains("<item quantity=\"other\">%,d files</item>"))
    #expect(text(result, "values-de/strings.xml")?.contains("<item quantity=\"one\">%,d Datei</item>") == true)
}

@Test func aValueTheDevelopmentLanguageCannotConvertLeavesEveryFolder() throws {
    let result = try export([
        "app/en.lproj/Localizable.strings": "\"sci\" = \"%e\";\n",
        "app/de.lproj/Localizable.strings": "\"sci\" = \"%d\";\n",
    ])
    #expect(text(result, "values-de/strings.xml")?.contains("sci") != true)
    #expect(Set(result.report.refusals.map(\.reason)) == [.unsupportedSpecifier, .noDefault])
}

@Test func theReportMapsKeysToNamesAndListsRefusals() throws {
    let result = try export(["app/en.lproj/Localizable.strings": "\"a.b\" = \"1\";\n\"a-b\" = \"2\";\n"])
    #expect(result.report.names["Localizable"] == ["a-b": "a_b"])
    let json = result.report.json(out: "res")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["errors"] as? Int == 1)
    let refusals = try #require(object["refusals"] as? [[String: Any]])
    #expect(refusals.first?["reason"] as? String == "name-collision")
    #expect(result.report.text(out: "res").contains("error: [name-collision] Localizable \"a.b\""))
}
