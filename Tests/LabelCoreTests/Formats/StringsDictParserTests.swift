import Foundation
import Testing
import LabelCore

/// `.stringsdict` reading, against the real files of the corpus and small inline plists.
struct StringsDictParserTests {
    static let corpusFiles = [
        "duckduckgo-iOS/DuckDuckGo/de.lproj/Localizable.stringsdict",
        "duckduckgo-iOS/DuckDuckGo/en.lproj/Localizable.stringsdict",
        "IceCubesApp/IceCubesApp/Resources/Localization/Plurals/de.lproj/Localizable.stringsdict",
        "IceCubesApp/IceCubesApp/Resources/Localization/Plurals/en.lproj/Localizable.stringsdict",
        "mastodon-ios/MastodonSDK/Sources/MastodonLocalization/Resources/de.lproj/Localizable.stringsdict",
        "mastodon-ios/MastodonIntent/de.lproj/Intents.stringsdict",
        "element-x-ios/ElementX/Resources/Localizations/de.lproj/Localizable.stringsdict",
    ]

    // MARK: Corpus

    @Test func theTestCoversEveryStringsdictThatExpectedJSONDescribes() throws {
        let described = try TestStores.expectedCorpusFiles().filter { ($0.value["kind"] as? String) == "stringsdict" }.keys
        #expect(Set(described) == Set(Self.corpusFiles))
    }

    @Test(arguments: corpusFiles)
    func corpusFileParsesToTheExpectedEntriesAndSpotChecks(_ path: String) throws {
        let expected = try #require(try TestStores.expectedCorpusFiles()[path])
        let file = try StringsDictParser.parse(try TestStores.corpusData(path), file: path)
        #expect(file.entries.count == expected["entries"] as? Int)
        let spotChecks = try #require(expected["spot_checks"] as? [String: [String: Any]])
        for (key, plist) in spotChecks {
            let entry = try #require(file.entries[key], "\(key)")
            #expect(entry.template == plist["NSStringLocalizedFormatKey"] as? String, "\(key)")
            let variables = plist.filter { $0.key != "NSStringLocalizedFormatKey" }
            #expect(Set(entry.variables.keys) == Set(variables.keys), "\(key)")
            for (name, value) in variables {
                let rule = try #require(value as? [String: String])
                let variable = try #require(entry.variables[name])
                var type = try #require(rule["NSStringFormatValueTypeKey"])
                if type.hasPrefix("%") { type.removeFirst() }
                #expect(variable.valueType == type, "\(key) \(name)")
                #expect(variable.argumentNumber == nil)
                var variants: [PluralCategory: String] = [:]
                for (category, text) in rule {
                    if let category = PluralCategory(rawValue: category) { variants[category] = text }
                }
                #expect(variable.variants == variants, "\(key) \(name)")
            }
        }
    }

    @Test func duckDuckGoKeepsTheFieldWidthVariableAndTheNestedAccountsVariable() throws {
        let path = "duckduckgo-iOS/DuckDuckGo/de.lproj/Localizable.stringsdict"
        let file = try StringsDictParser.parse(try TestStores.corpusData(path), file: path)
        let trackers = try #require(file.entries["dax.onboarding.browsing.multiple.trackers"])
        #expect(trackers.template == "%1#@count@")
        #expect(trackers.variables["count"]?.valueType == "d")
        let passwords = try #require(file.entries["autofill.delete.all.passwords.confirmation.body"])
        #expect(passwords.template == "%1$#@passwords@")
        #expect(passwords.variables["passwords"]?.variants[.one]?.contains("%2$#@accounts@") == true)
        #expect(passwords.variables["accounts"]?.variants == [.one: "Konto", .other: "Konten"])
        #expect(file.warnings.isEmpty, "\(file.warnings)")
    }

    @Test func duckDuckGoEnglishKeepsItsExplicitZeroVariant() throws {
        let path = "duckduckgo-iOS/DuckDuckGo/en.lproj/Localizable.stringsdict"
        let file = try StringsDictParser.parse(try TestStores.corpusData(path), file: path)
        #expect(file.entries["tab.close"]?.variables["tabs"]?.variants
            == [.zero: "Close Tab", .one: "Close Tab", .other: "Close %d Tabs"])
    }

    @Test func mastodonValueTypeWithAPercentSignIsNormalisedAndAllSixCategoriesAreKept() throws {
        let path = "mastodon-ios/MastodonIntent/de.lproj/Intents.stringsdict"
        let file = try StringsDictParser.parse(try TestStores.corpusData(path), file: path)
        let entry = try #require(file.entries["There are ${count} options matching ‘${content}’. - 2"])
        let variable = try #require(entry.variables["count_option"])
        #expect(variable.valueType == "ld")
        #expect(Set(variable.variants.keys) == Set(PluralCategory.allCases))
        #expect(variable.variants[.two] == "2 options")
    }

    @Test func mastodonDummyVariableWithEmptyTextsIsKept() throws {
        let path = "mastodon-ios/MastodonSDK/Sources/MastodonLocalization/Resources/de.lproj/Localizable.stringsdict"
        let file = try StringsDictParser.parse(try TestStores.corpusData(path), file: path)
        let entry = try #require(file.entries["plural.count.followed_by_and_mutual"])
        #expect(entry.variables["names"]?.variants == [.one: "", .other: ""])
        #expect(entry.variables["names"]?.valueType == "ld")
    }

    @Test func iceCubesUndefinedVariableKeepsTheEntryAndWarnsAtItsKey() throws {
        let path = "IceCubesApp/IceCubesApp/Resources/Localization/Plurals/de.lproj/Localizable.stringsdict"
        let file = try StringsDictParser.parse(try TestStores.corpusData(path), file: path)
        let key = "status.poll.n-votes-voters %lld %lld"
        let entry = try #require(file.entries[key])
        #expect(entry.template == "%#@count_posts@ von %#@count_voters@")
        #expect(entry.variables["count_posts"] == nil)
        let undefined = try #require(file.warnings.first { $0.message.contains("%#@count_posts@") })
        #expect(undefined.message.contains(key))
        #expect(undefined.location == SourceLocation(file: path, line: 219, column: 2))
        // count_votes is defined but nothing refers to it.
        #expect(file.warnings.contains { $0.message.contains("\"count_votes\" is defined but never used") })
        #expect(file.warnings.count == 2, "\(file.warnings)")
    }

    @Test func realFilesOtherThanIceCubesDeHaveNoWarnings() throws {
        for path in Self.corpusFiles where !path.contains("IceCubesApp/IceCubesApp/Resources/Localization/Plurals/de") {
            let file = try StringsDictParser.parse(try TestStores.corpusData(path), file: path)
            #expect(file.warnings.isEmpty, "\(path): \(file.warnings)")
        }
    }

    // MARK: Synthetic entries

    @Test func aPlainStringEntryIsATemplateWithoutVariables() throws {
        let file = try parse(#"<key>greeting</key><string>Hallo %@</string>"#)
        #expect(file.entries["greeting"] == LocalizedString(template: "Hallo %@"))
        #expect(file.warnings.isEmpty)
    }

    @Test func variableWidthEntriesServeTheWidestVariant() throws {
        let file = try parse("""
            <key>title</key>
            <dict>
                <key>NSStringVariableWidthRuleType</key>
                <dict>
                    <key>20</key><string>Medium</string>
                    <key>100</key><string>The very widest title</string>
                    <key>3</key><string>S</string>
                </dict>
            </dict>
            """)
        #expect(file.entries["title"] == LocalizedString(template: "The very widest title"))
    }

    @Test func deviceSpecificEntriesServeTheIPhoneVariant() throws {
        let file = try parse("""
            <key>start</key>
            <dict>
                <key>NSStringDeviceSpecificRuleType</key>
                <dict>
                    <key>mac</key><string>Click to start</string>
                    <key>iphone</key><string>Tap to start</string>
                </dict>
            </dict>
            """)
        #expect(file.entries["start"]?.template == "Tap to start")
    }

    @Test func anUnknownRuleTypeSkipsTheEntryWithAWarning() throws {
        let file = try parse("""
            <key>kept</key><string>Kept</string>
            <key>odd</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string>
                    <key>other</key><string>x</string>
                </dict>
            </dict>
            """)
        #expect(file.entries["odd"] == nil)
        #expect(file.entries["kept"] != nil)
        #expect(file.warnings.count == 1)
        #expect(file.warnings.first?.message.contains("NSStringGenderRuleType") == true)
        #expect(file.warnings.first?.location.line == 8)
    }

    @Test func anEntryWithoutAFormatKeyIsSkippedWithAWarning() throws {
        let file = try parse("""
            <key>broken</key>
            <dict>
                <key>n</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>other</key><string>%d</string>
                </dict>
            </dict>
            """)
        #expect(file.entries.isEmpty)
        #expect(file.warnings.map(\.location.line) == [4])
        #expect(file.warnings.first?.message.contains("NSStringLocalizedFormatKey") == true)
    }

    @Test func missingOtherVariantAndUnknownCategoryKeysAreWarnedAboutButKept() throws {
        let file = try parse("""
            <key>items</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>one</key><string>%d item</string>
                    <key>plenty</key><string>%d items</string>
                </dict>
            </dict>
            """)
        #expect(file.entries["items"]?.variables["n"]?.variants == [.one: "%d item"])
        #expect(file.entries["items"]?.variables["n"]?.valueType == nil)
        #expect(file.warnings.count == 2)
    }

    @Test func keysWithXMLEscapesAreLocatedForWarnings() throws {
        let file = try parse("""
            <key>a &amp; b</key>
            <integer>3</integer>
            """)
        #expect(file.entries.isEmpty)
        #expect(file.warnings.first?.location == SourceLocation(file: "test.stringsdict", line: 4, column: 1))
        #expect(file.warnings.first?.message.hasPrefix("\"a & b\"") == true)
    }

    @Test func keysWithCharacterReferencesAreLocatedForWarnings() throws {
        let file = try parse("""
            <key>ok</key>
            <string>fine</string>
            <key>&#x41;&#98;&lt;</key>
            <integer>3</integer>
            """)
        #expect(file.entries.keys.sorted() == ["ok"])
        #expect(file.warnings.first?.location == SourceLocation(file: "test.stringsdict", line: 6, column: 1))
        #expect(file.warnings.first?.message.hasPrefix("\"Ab<\"") == true)
    }

    @Test func compiledBinaryPlistsAreReadToo() throws {
        let plist: [String: Any] = [
            "files": [
                "NSStringLocalizedFormatKey": "%#@n@",
                "n": ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                      "one": "%d Datei", "other": "%d Dateien"],
            ],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist".utf8)))
        let file = try StringsDictParser.parse(data, file: "de.lproj/Localizable.stringsdict")
        #expect(file.entries["files"] == LocalizedString(template: "%#@n@", variables: [
            "n": PluralVariable(valueType: "d", variants: [.one: "%d Datei", .other: "%d Dateien"]),
        ]))
    }

    // MARK: Errors

    @Test func malformedXMLIsAnErrorNamingTheFileAndLine() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>a</key>
                <strin>oops</string>
            </dict>
            </plist>
            """
        #expect {
            try StringsDictParser.parse(Data(text.utf8), file: "de.lproj/Broken.stringsdict")
        } throws: { error in
            guard let error = error as? StoreFileError, case .invalidPropertyList = error.reason else { return false }
            return error.location == SourceLocation(file: "de.lproj/Broken.stringsdict", line: 5, column: 1)
        }
    }

    @Test func aTopLevelArrayIsNotADictionary() {
        let text = #"<?xml version="1.0"?><plist version="1.0"><array><string>x</string></array></plist>"#
        #expect(throws: StoreFileError(location: SourceLocation(file: "x.stringsdict", line: 1, column: 1),
                                       reason: .notADictionary)) {
            try StringsDictParser.parse(Data(text.utf8), file: "x.stringsdict")
        }
    }

    @Test func emptyDataIsAnError() {
        #expect(throws: StoreFileError.self) { try StringsDictParser.parse(Data(), file: "empty.stringsdict") }
    }

    @Test func errorDescriptionNamesFileAndPosition() {
        let error = StoreFileError(location: SourceLocation(file: "a.stringsdict", line: 5, column: 1),
                                   reason: .notADictionary)
        #expect(error.description == "a.stringsdict:5:1: error: the top level of a .stringsdict must be a dictionary")
    }

    // MARK: Helpers

    /// Parses `body` as the inside of a root dictionary whose first key is on line 4.
    private func parse(_ body: String) throws -> StringsDictFile {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """
        return try StringsDictParser.parse(Data(text.utf8), file: "test.stringsdict")
    }
}
