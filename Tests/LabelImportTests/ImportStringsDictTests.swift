import Foundation
import LabelCore
import Testing
@testable import LabelImport

@Suite struct ImportStringsDictTests {
    typealias F = ImportFixtures

    private static let english = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>apples</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n@ &amp; more</string>
        \t\t<key>n</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>ld</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%ld apple</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%ld apples</string>
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

    private func units(_ key: String, format: String?, variable: String, _ forms: [String: String]) -> [F.Unit] {
        var units: [F.Unit] = []
        if let format { units.append(.init(id: "/\(key):dict/NSStringLocalizedFormatKey:dict/:string", source: "%#@\(variable)@", target: format)) }
        for (category, text) in forms.sorted(by: { $0.key < $1.key }) {
            units.append(.init(id: "/\(key):dict/\(variable):dict/\(category):dict/:string", source: "%ld apples", target: text))
        }
        return units
    }

    @Test func aNewEntryGetsApplesStructureFromTheDevelopmentLanguageAndOnlyTranslatedCategories() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.english])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "ru",
                                              units("apples", format: "%#@n@ и др.", variable: "n", ["one": "%ld яблоко", "other": "%ld яблока"]))), into: bundle)
        let data = try Data(contentsOf: bundle.appendingPathComponent("ru.lproj/Localizable.stringsdict"))
        let entry = try #require(try StringsDictParser.parse(data, file: "ru").entries["apples"])
        #expect(entry.template == "%#@n@ и др.")
        #expect(entry.variables["n"] == PluralVariable(valueType: "ld", variants: [.one: "%ld яблоко", .other: "%ld яблока"]))
        // Foundation reads it, with the rule type Apple needs; English `other` is not copied into few and many.
        let foundation = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: [String: Any]])
        let variable = try #require(foundation["apples"]?["n"] as? [String: String])
        #expect(variable["NSStringFormatSpecTypeKey"] == "NSStringPluralRuleType" && variable["few"] == nil && variable["many"] == nil)
        #expect(report.files[0].outputs[0].missingCategories == [.init(key: "apples", categories: [.few, .many])])
    }

    @Test func mergingKeepsOtherEntriesCommentsAndOrder() throws {
        // German has apples (with a comment) and no pears yet.
        let english = String(decoding: Self.english, as: UTF8.self)
        let pearsStart = try #require(english.range(of: "\t<key>pears</key>"))
        let german = String(english[..<pearsStart.lowerBound]).replacingOccurrences(of: "<dict>\n\t<key>apples</key>", with: "<dict>\n\t<!-- Fruit. -->\n\t<key>apples</key>")
            .replacingOccurrences(of: "%ld apple<", with: "%ld Apfel<").replacingOccurrences(of: "%ld apples<", with: "%ld Äpfel<")
            + "</dict>\n</plist>\n"
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.english, "de.lproj/Localizable.stringsdict": Data(german.utf8)])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "de",
                                              units("apples", format: nil, variable: "n", ["one": "%ld Apfel!"])
                                              + units("pears", format: nil, variable: "p", ["one": "%d Birne", "other": "%d Birnen"])
                                              + units("plums", format: "%#@q@", variable: "q", ["other": "%d Pflaumen"]))), into: bundle)
        let written = try #require(F.text(bundle, "de.lproj/Localizable.stringsdict"))
        // apples changed where it stood (its comment kept); pears came before the closing </dict>.
        let expected = german.replacingOccurrences(of: "%ld Apfel<", with: "%ld Apfel!<").replacingOccurrences(of: "</dict>\n</plist>\n", with: "")
            + "\t<key>pears</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@p@</string>\n\t\t<key>p</key>\n\t\t<dict>\n"
            + "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n"
            + "\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d Birne</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d Birnen</string>\n\t\t</dict>\n\t</dict>\n"
            + "</dict>\n</plist>\n"
        #expect(written == expected)
        let entries = try StringsDictParser.parse(Data(written.utf8), file: "de").entries
        #expect(entries["apples"]?.template == "%#@n@ & more")
        // English has no plums: like Xcode, not written; reported.
        #expect(entries["plums"] == nil)
        #expect(report.findings.map(\.kind) == [.unknownKey, .unknownKey])
        #expect(report.files[0].skipped.map(\.reason.code) == ["not-in-development-language", "not-in-development-language"])
        #expect(report.files[0].skipped.map(\.reason) == [.notInDevelopmentLanguage(table: "Localizable.stringsdict"),
                                                          .notInDevelopmentLanguage(table: "Localizable.stringsdict")])
    }

    /// Fuzzing found it: bytes that are not UTF-8 inside the existing file's DOCTYPE were
    /// skipped by the reader and kept by the splice, so the merged file was not UTF-8.
    @Test func anExistingFileThatIsNotUTF8ThroughoutIsRefusedAndKept() throws {
        var german = Array(Self.english)
        let doctype = try #require(german.firstIndex(of: UInt8(ascii: "!")))
        german.insert(contentsOf: [0xFE, 0xC9], at: doctype + 9)
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.english, "de.lproj/Localizable.stringsdict": Data(german)])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "de",
                                              units("pears", format: nil, variable: "p", ["other": "%d Birnen"]))), into: bundle)
        #expect(report.files[0].outputs[0].status == .refused)
        #expect(try Data(contentsOf: bundle.appendingPathComponent("de.lproj/Localizable.stringsdict")) == Data(german))
        // Likewise a character XML cannot hold (U+FFFE) in text the merge would keep.
        let noncharacter = Data(String(decoding: Self.english, as: UTF8.self).replacingOccurrences(of: "%d pears", with: "%d pears\u{FFFE}").utf8)
        let second = try F.bundle(["en.lproj/Localizable.stringsdict": Self.english, "de.lproj/Localizable.stringsdict": noncharacter])
        let refused = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "de",
                                               units("apples", format: nil, variable: "n", ["other": "%ld Äpfel"]))), into: second)
        #expect(refused.files[0].outputs[0].status == .refused)
    }

    @Test func categoriesTheLanguageDoesNotUseAreSkippedAsXcodeSkipsThem() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.english])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "ja",
                                              units("pears", format: nil, variable: "p", ["zero": "なし", "one": "%d 梨", "other": "%d 梨"]))), into: bundle)
        let entry = try StringsDictParser.parse(Data(contentsOf: bundle.appendingPathComponent("ja.lproj/Localizable.stringsdict")), file: "j").entries["pears"]
        #expect(entry?.variables["p"]?.variants == [.zero: "なし", .other: "%d 梨"])   // zero is Apple's for any language
        #expect(report.files[0].skipped == [.init(id: "/pears:dict/p:dict/one:dict/:string", reason: .categoryNotInLanguage(LanguageTag("ja")!, .one))])
    }

    @Test func aVariantWithoutAFormatAndNoneToTakeIsRefused() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.english])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "fr",
                                              units("apples", format: nil, variable: "n", ["one": "%ld pomme"]))), into: bundle)
        #expect(report.refusals.map(\.reason) == [.noFormatKey(key: "apples", place: nil)])
        #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("fr.lproj").path))
        // A format that is only a substitution is taken from the development language.
        let pears = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "fr",
                                             units("pears", format: nil, variable: "p", ["one": "%d poire", "other": "%d poires"]))), into: bundle)
        #expect(!pears.isRefused)
        #expect(try StringsDictParser.parse(Data(contentsOf: bundle.appendingPathComponent("fr.lproj/Localizable.stringsdict")), file: "f")
                .entries["pears"]?.template == "%#@p@")
    }

    /// Width and device rules, as Apple documents them and LabelCore's reader serves them.
    private static let variantsEnglish = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>buy</key>
        \t<dict>
        \t\t<key>NSStringVariableWidthRuleType</key>
        \t\t<dict>
        \t\t\t<key>20</key>
        \t\t\t<string>Buy</string>
        \t\t\t<key>50</key>
        \t\t\t<string>Buy with Apple Pay</string>
        \t\t</dict>
        \t</dict>
        \t<key>tap</key>
        \t<dict>
        \t\t<key>NSStringDeviceSpecificRuleType</key>
        \t\t<dict>
        \t\t\t<key>iphone</key>
        \t\t\t<string>Tap</string>
        \t\t\t<key>mac</key>
        \t\t\t<string>Click</string>
        \t\t\t<key>other</key>
        \t\t\t<string>Use</string>
        \t\t</dict>
        \t</dict>
        \t<key>files</key>
        \t<dict>
        \t\t<key>NSStringDeviceSpecificRuleType</key>
        \t\t<dict>
        \t\t\t<key>iphone</key>
        \t\t\t<dict>
        \t\t\t\t<key>NSStringLocalizedFormatKey</key>
        \t\t\t\t<string>%#@n@</string>
        \t\t\t\t<key>n</key>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t\t\t<string>d</string>
        \t\t\t\t\t<key>one</key>
        \t\t\t\t\t<string>%d file</string>
        \t\t\t\t\t<key>other</key>
        \t\t\t\t\t<string>%d files</string>
        \t\t\t\t</dict>
        \t\t\t</dict>
        \t\t\t<key>other</key>
        \t\t\t<string>Files</string>
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

    @Test func xcodeIDsOfWidthAndDeviceVariantsParse() {
        #expect(UnitAddress.parse("/buy:dict/NSStringVariableWidthRuleType:dict/20:dict/:string", kind: "stringsdict")
                == .stringsdictRouted(key: "buy", route: [.init(rule: .width, name: "20")], leaf: .text))
        #expect(UnitAddress.parse("/tap:dict/NSStringDeviceSpecificRuleType:dict/other:dict/:string", kind: "stringsdict")
                == .stringsdictRouted(key: "tap", route: [.init(rule: .device, name: "other")], leaf: .text))
        #expect(UnitAddress.parse("/f:dict/NSStringDeviceSpecificRuleType:dict/iphone:dict/NSStringLocalizedFormatKey:dict/:string", kind: "stringsdict")
                == .stringsdictRouted(key: "f", route: [.init(rule: .device, name: "iphone")], leaf: .format))
        #expect(UnitAddress.parse("/f:dict/NSStringDeviceSpecificRuleType:dict/mac:dict/NSStringVariableWidthRuleType:dict/5:dict/:string",
                                  kind: "stringsdict")
                == .stringsdictRouted(key: "f", route: [.init(rule: .device, name: "mac"), .init(rule: .width, name: "5")], leaf: .text))
        #expect(UnitAddress.parse("/f:dict/NSStringDeviceSpecificRuleType:dict/iphone:dict/n:dict/one:dict/:string", kind: "stringsdict")
                == .stringsdictRouted(key: "f", route: [.init(rule: .device, name: "iphone")], leaf: .variant(variable: "n", category: .one)))
        #expect(UnitAddress.parse("/f:dict/NSStringDeviceSpecificRuleType:dict/:dict/:string", kind: "stringsdict") == nil)
        #expect(UnitAddress.parse("/f:dict/NSStringDeviceSpecificRuleType:dict/:string", kind: "stringsdict") == nil)
    }

    /// Xcode's ids of width and device variants no longer refuse the whole XLIFF file:
    /// they are written with the structure LabelCore's reader (and Foundation) needs.
    @Test func widthAndDeviceVariantsAreImportedBesidePluralEntries() throws {
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.variantsEnglish])
        let prefix = "/files:dict/NSStringDeviceSpecificRuleType:dict/"
        let xliff = F.xliff(F.file("Localizable.stringsdict", target: "fr", [
            .init(id: "/buy:dict/NSStringVariableWidthRuleType:dict/20:dict/:string", source: "Buy", target: "Acheter"),
            .init(id: "/buy:dict/NSStringVariableWidthRuleType:dict/50:dict/:string", source: "Buy with Apple Pay", target: "Acheter avec Apple Pay"),
            .init(id: "/tap:dict/NSStringDeviceSpecificRuleType:dict/iphone:dict/:string", source: "Tap", target: "Touchez"),
            .init(id: "/tap:dict/NSStringDeviceSpecificRuleType:dict/mac:dict/:string", source: "Click", target: "Cliquez"),
            .init(id: "/tap:dict/NSStringDeviceSpecificRuleType:dict/other:dict/:string", source: "Use", target: nil),
            .init(id: prefix + "iphone:dict/NSStringLocalizedFormatKey:dict/:string", source: "%#@n@", target: "%#@n@"),
            .init(id: prefix + "iphone:dict/n:dict/one:dict/:string", source: "%d file", target: "%d fichier"),
            .init(id: prefix + "iphone:dict/n:dict/other:dict/:string", source: "%d files", target: "%d fichiers"),
            .init(id: prefix + "other:dict/:string", source: "Files", target: "Fichiers"),
            .init(id: "/pears:dict/p:dict/other:dict/:string", source: "%d pears", target: "%d poires"),
        ]))
        let report = try F.run(xliff, into: bundle)
        #expect(!report.isRefused && report.findings.isEmpty)
        #expect(report.files[0].imported == 9)
        #expect(report.files[0].skipped == [.init(id: "/tap:dict/NSStringDeviceSpecificRuleType:dict/other:dict/:string", reason: .noTarget)])
        let data = try Data(contentsOf: bundle.appendingPathComponent("fr.lproj/Localizable.stringsdict"))
        let root = try PropertyListReader.read(data).dictionary ?? [:]
        let widths = root["buy"]?.dictionary?["NSStringVariableWidthRuleType"]?.dictionary
        #expect(widths == ["20": .string("Acheter"), "50": .string("Acheter avec Apple Pay")])
        #expect(root["tap"]?.dictionary?["NSStringDeviceSpecificRuleType"]?.dictionary == ["iphone": .string("Touchez"), "mac": .string("Cliquez")])
        let iphone = root["files"]?.dictionary?["NSStringDeviceSpecificRuleType"]?.dictionary?["iphone"]?.dictionary
        #expect(iphone?["n"]?.dictionary == ["NSStringFormatSpecTypeKey": .string("NSStringPluralRuleType"), "NSStringFormatValueTypeKey": .string("d"),
                                             "one": .string("%d fichier"), "other": .string("%d fichiers")])
        // Served as LabelCore serves them: the widest width, the iPhone variant.
        let table = try StringsDictParser.parse(data, file: "fr")
        #expect(table.entries["buy"]?.template == "Acheter avec Apple Pay")
        #expect(table.entries["tap"]?.template == "Touchez")
        #expect(table.entries["files"]?.template == "%#@n@")
        #expect(table.entries["files"]?.variables["n"]?.variants == [.one: "%d fichier", .other: "%d fichiers"])
        #expect(table.entries["pears"]?.variables["p"]?.variants == [.other: "%d poires"])
        // French needs `many` too (and `one` for pears): reported for plural rules only,
        // also under a device rule; never for the width and device strings.
        let missing = report.files[0].outputs[0].missingCategories
        #expect(missing.map(\.key) == ["files", "pears"])
        #expect(missing.map(\.categories) == [[.many], [.one, .many]])
    }

    @Test func aPluralUnderADeviceWithoutAFormatToTakeIsRefusedNaming() throws {
        let english = String(decoding: Self.variantsEnglish, as: UTF8.self).replacingOccurrences(of: "<string>%#@n@</string>", with: "<string>Files: %#@n@</string>")
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Data(english.utf8)])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "fr", [
            .init(id: "/files:dict/NSStringDeviceSpecificRuleType:dict/iphone:dict/n:dict/other:dict/:string", source: "%d files", target: "%d fichiers"),
        ])), into: bundle)
        #expect(report.isRefused)
        #expect(report.files[0].outputs[0].refusal?.reason == .noFormatKey(key: "files", place: "NSStringDeviceSpecificRuleType iphone"))
        #expect(report.files[0].outputs[0].refusal?.code == "no-format-key")
        #expect(F.text(bundle, "fr.lproj/Localizable.stringsdict") == nil)
    }

    @Test func aDeviceVariantMergesIntoAnExistingEntryKeepingTheOtherDevices() throws {
        let french = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>tap</key>
            \t<dict>
            \t\t<key>NSStringDeviceSpecificRuleType</key>
            \t\t<dict>
            \t\t\t<key>iphone</key>
            \t\t\t<string>Tapez</string>
            \t\t\t<key>other</key>
            \t\t\t<string>Utilisez</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """.utf8)
        let bundle = try F.bundle(["en.lproj/Localizable.stringsdict": Self.variantsEnglish, "fr.lproj/Localizable.stringsdict": french])
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "fr", [
            .init(id: "/tap:dict/NSStringDeviceSpecificRuleType:dict/iphone:dict/:string", source: "Tap", target: "Touchez"),
        ])), into: bundle)
        #expect(!report.isRefused)
        #expect(F.text(bundle, "fr.lproj/Localizable.stringsdict") == String(decoding: french, as: UTF8.self).replacingOccurrences(of: "Tapez", with: "Touchez"))
    }

    @Test func readsAnXclocFolder() throws {
        let root = try F.bundle(["fr.xcloc/Localized Contents/fr.xliff": F.xliff(F.file("a.strings", target: "fr", [.init(id: "k", source: "K", target: "Q")])),
                                 "fr.xcloc/contents.json": Data("{}".utf8)])
        let (documents, errors) = Importer.readDocuments([root.appendingPathComponent("fr.xcloc").path])
        #expect(errors.isEmpty && documents.count == 1 && documents[0].files[0].units[0].target == "Q")
    }

    @Test func aFolderWithoutLocalizedContentsIsAnErrorNamingTheFolder() throws {
        let root = try F.bundle(["de.xcloc/Source Contents/en.lproj/Localizable.strings": Data("\"a\" = \"A\";".utf8)])
        let folder = root.appendingPathComponent("de.xcloc").path
        let (documents, errors) = Importer.readDocuments([folder])
        #expect(documents.isEmpty)
        #expect(errors.map(\.description) == ["\(folder):1:1: cannot read the file: a folder without Localized Contents/*.xliff (where an .xcloc keeps its translations)"])
    }
}
