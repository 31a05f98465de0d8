import Foundation
import Testing
@testable import LabelCore

/// Matching requested tags to `.lproj` folders as `Bundle.preferredLocalizations` does.
/// Expected folders are Apple's behaviour as the issue describes it; the data behind
/// them is CLDR's (likelySubtags, languageAlias, parentLocales).
@Suite struct LanguageMatcherTests {
    private func first(_ requested: String, among folders: [String]) -> String? {
        let matcher = LanguageMatcher(available: folders.map { LanguageTag($0)! })
        let available = Set(folders.map { LanguageTag($0)! })
        return matcher.matches(for: LanguageTag(requested)!).first(where: available.contains)?.rawValue
    }

    @Test func exactAndTruncationsComeFirst() {
        #expect(first("de-AT", among: ["de", "de-AT", "en"]) == "de-AT")
        #expect(first("de-AT", among: ["de", "de-DE", "en"]) == "de")
    }

    @Test func aBareLanguageFindsItsRegionalFolder() {
        // ownCloud ships only de-DE.lproj.
        #expect(first("de", among: ["de-DE", "en"]) == "de-DE")
        #expect(first("de-AT", among: ["de-DE", "en"]) == "de-DE")
        #expect(first("pt", among: ["pt-BR", "pt-PT"]) == "pt-BR")  // CLDR: pt → pt-Latn-BR
    }

    @Test func traditionalChineseFindsHantOrTaiwanFolders() {
        #expect(first("zh-Hant-TW", among: ["zh-TW", "zh-Hans"]) == "zh-TW")
        #expect(first("zh-Hant-TW", among: ["zh-Hant", "zh-Hans"]) == "zh-Hant")
        #expect(first("zh-TW", among: ["zh-Hant", "zh-Hans"]) == "zh-Hant")
        #expect(first("zh-HK", among: ["zh-Hant", "zh-Hans"]) == "zh-Hant")
        #expect(first("zh-HK", among: ["zh-HK", "zh-Hant"]) == "zh-HK")
        // Never across scripts: Simplified `zh` does not serve Traditional.
        #expect(first("zh-TW", among: ["zh", "zh-Hans", "en"]) == "zh")  // a literal truncation, as Bundle
        #expect(first("zh-HK", among: ["zh-Hans", "en"]) == nil)
        #expect(first("zh-CN", among: ["zh-Hans", "zh-Hant"]) == "zh-Hans")
    }

    @Test func latinAmericanSpanishFindsEs419() {
        for region in ["MX", "AR", "CO", "US", "CL"] {
            #expect(first("es-\(region)", among: ["es", "es-419"]) == "es-419", "es-\(region)")
        }
        #expect(first("es-ES", among: ["es", "es-419"]) == "es")
        #expect(first("es-MX", among: ["es-ES", "en"]) == "es-ES")
    }

    @Test func legacyCodesFindTheirModernFolders() {
        #expect(first("iw", among: ["he", "en"]) == "he")
        #expect(first("no", among: ["nb", "en"]) == "nb")
        #expect(first("in", among: ["id", "en"]) == "id")
        #expect(first("iw-IL", among: ["he", "en"]) == "he")
        // And modern requests find legacy folder names.
        #expect(first("he", among: ["iw", "en"]) == "iw")
    }

    @Test func unknownLanguagesMatchNothing() {
        #expect(first("xx", among: ["de", "en"]) == nil)
        #expect(first("xx-DE", among: ["de", "en"]) == nil)
    }

    @Test func everyCLDRLikelySubtagsEntryMaximizesToItsValue() {
        // Oracle: the CLDR table itself (via Babel); `und-…` keys take the language from the value.
        var checked = 0
        for (key, value) in LocaleData.likelySubtags {
            guard let tag = LanguageTag(key), let expected = LanguageTag(value) else { continue }
            let maximized = LocaleParts(tag).maximized
            if key.hasPrefix("und") {
                #expect(maximized.script == LocaleParts(expected).script || LocaleParts(tag).script != nil, "\(key)")
                continue
            }
            #expect(maximized.baseTag == expected.rawValue, "\(key)")
            checked += 1
        }
        #expect(checked > 7000)
    }

    @Test func matchesAreCachedWithinABound() {
        let matcher = LanguageMatcher(available: [LanguageTag("de")!])
        for index in 0..<(LanguageMatcher.cacheCapacity + 500) {
            _ = matcher.matches(for: LanguageTag("de-x-\(String(index, radix: 36))")!)
        }
        #expect(matcher.cachedCount <= LanguageMatcher.cacheCapacity)
    }

    @Test func theResolverServesFromTheMatchedFolderAndShowsIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("match-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (folder, value) in [("de-DE", "Schließen"), ("zh_TW", "關閉"), ("es-419", "Cerrar"), ("nb", "Lukk"), ("en", "Close")] {
            let directory = root.appendingPathComponent("app/\(folder).lproj")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("\"close\" = \"\(value)\";\n".utf8).write(to: directory.appendingPathComponent("Localizable.strings"))
        }
        let resolver = LabelResolver(catalog: try TestStores.load(root.path).catalog)
        for (requested, value, source) in [("de", "Schließen", "app/de-DE"), ("zh-Hant-TW", "關閉", "app/zh_TW"),
                                           ("es-MX", "Cerrar", "app/es-419"), ("no", "Lukk", "app/nb"),
                                           ("fr", "Close", "app/en")] {
            let label = try resolver.label(key: "close", table: "Localizable",
                                           chain: resolver.chain(preferred: [LanguageTag(requested)!]), arguments: [])
            #expect(label.value == value, "\(requested)")
            #expect(label.source == source, "\(requested)")
            #expect(label.isMissing == (requested == "fr"), "\(requested)")
        }
    }
}
