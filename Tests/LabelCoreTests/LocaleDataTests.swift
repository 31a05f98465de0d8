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

    @Test func theByteParserReadsEveryTableAsTheStringSplitDoes() {
        #expect(LocaleData.likelySubtags == Self.byCharacters(LocaleMatchingTable.likelySubtags))
        #expect(LocaleData.languageAliases == Self.byCharacters(LocaleMatchingTable.languageAliases))
        #expect(LocaleData.parentLocales == Self.byCharacters(LocaleMatchingTable.parentLocales))
        #expect(LocaleData.likelySubtags.count > 7_000)
        #expect(LocaleData.likelySubtags["de"] == "de-Latn-DE")
    }
}
