import Testing
@testable import LabelCore

/// ``LocaleData`` reads its tables as bytes (for cold start); the result must be what
/// reading them line by line as Swift `String`s gives.
@Suite struct LocaleDataTests {
    static func byCharacters(_ source: String) -> [String: String] {
        var table: [String: String] = [:]
        for line in source.split(separator: "\n") {
            guard let arrow = line.firstIndex(of: ">") else { continue }
            table[String(line[..<arrow])] = String(line[line.index(after: arrow)...])
        }
        return table
    }

    /// Every line of the table as its iteration gives it.
    static func dictionary(_ table: LocaleTable) -> [String: String] {
        Dictionary(table.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    static let tables: [(table: LocaleTable, source: String)] = [
        (LocaleData.likelySubtags, LocaleMatchingTable.likelySubtags),
        (LocaleData.languageAliases, LocaleMatchingTable.languageAliases),
        (LocaleData.parentLocales, LocaleMatchingTable.parentLocales),
    ]

    @Test func theByteParserReadsEveryTableAsTheStringSplitDoes() {
        #expect(Self.dictionary(LocaleData.likelySubtags) == Self.byCharacters(LocaleMatchingTable.likelySubtags))
        #expect(Self.dictionary(LocaleData.languageAliases) == Self.byCharacters(LocaleMatchingTable.languageAliases))
        #expect(Self.dictionary(LocaleData.parentLocales) == Self.byCharacters(LocaleMatchingTable.parentLocales))
        #expect(LocaleData.likelySubtags.count > 7_000)
        #expect(LocaleData.likelySubtags["de"] == "de-Latn-DE")
    }

    @Test func aLookupFindsEveryKeyOfTheStringSplitWithItsValue() {
        for (table, source) in Self.tables {
            let expected = Self.byCharacters(source)
            #expect(table.count == expected.count)
            for (key, value) in expected {
                #expect(table[key] == value, "\(key)")
            }
        }
    }

    @Test(arguments: ["", "d", "de-", "de>", "DE", "zz", "zzzz", "und-", "und-ZZ", "aa-", "a", "~", "0", "de-Latn-DE"])
    func aLookupOfAKeyTheTableLacksFindsNothing(key: String) {
        for (table, source) in Self.tables {
            #expect(table[key] == Self.byCharacters(source)[key], "\(key)")
        }
    }

    @Test func keysThatArePrefixesOfOtherKeysAreFoundExactly() {
        // `zh` sorts after `zh-Hant>…` (`-` < `>`), `und` after `und-419>…`.
        #expect(LocaleData.likelySubtags["zh"] == "zh-Hans-CN")
        #expect(LocaleData.likelySubtags["zh-Hant"] == "zh-Hant-TW")
        #expect(LocaleData.likelySubtags["und"] == "en-Latn-US")
        #expect(LocaleData.likelySubtags["und-419"] == "es-Latn-419")
    }
}
