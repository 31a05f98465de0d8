import Foundation
import Testing
@testable import LabelCore

/// Matching requested tags to `.lproj` folders as `Bundle.preferredLocalizations` does.
/// Expected folders are Apple's behaviour as the contract describes it; the data behind
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

    @Test func aWrittenScriptNeverFallsToAFolderOfTheLanguagesOtherDefaultScript() {
        // CLDR parentLocales `localeRules="nonlikelyScript"`: sr's likely script is Cyrl, so
        // the parent of sr-Latn is root, not `sr`; a Cyrillic sr.lproj never serves it.
        #expect(first("sr-Latn", among: ["sr", "en"]) == nil)
        #expect(first("sr-Latn-RS", among: ["sr", "en"]) == nil)
        #expect(first("sr-Latn-RS", among: ["sr", "sr-Latn", "en"]) == "sr-Latn")
        #expect(first("sr-Latn", among: ["sr", "sr-ME", "en"]) == "sr-ME")   // CLDR: sr-ME → sr-Latn-ME
        #expect(first("sh", among: ["sr", "en"]) == nil)                       // sh = sr-Latn
        #expect(first("uz-Arab", among: ["uz", "en"]) == nil)
        #expect(first("uz-Cyrl-UZ", among: ["uz", "en"]) == nil)
        #expect(first("pa-Arab", among: ["pa", "en"]) == nil)
        #expect(first("pa-Arab-PK", among: ["pa", "pa-IN", "en"]) == nil)
        #expect(first("zh-Hant", among: ["zh", "zh-Hans", "en"]) == nil)
        #expect(first("zh-Hant-TW", among: ["zh", "en"]) == nil)
        #expect(first("yue-Hans", among: ["yue", "en"]) == nil)
        // CLDR's parent of hi-Latn is en-IN: another language, so not a folder for it.
        #expect(first("hi-Latn", among: ["hi", "en-IN", "en"]) == nil)
    }

    @Test func serbianLatinIsNotServedFromACyrillicFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (folder, value) in [("sr", "Затвори"), ("en", "Close")] {
            let directory = root.appendingPathComponent("app/\(folder).lproj")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("\"close\" = \"\(value)\";\n".utf8).write(to: directory.appendingPathComponent("Localizable.strings"))
        }
        let resolver = LabelResolver(catalog: try TestStores.load(root.path).catalog)
        for (requested, value, source) in [("sr-Latn", "Close", "app/en"), ("sr-Latn-RS", "Close", "app/en"),
                                           ("sr-Cyrl-RS", "Затвори", "app/sr"), ("sr", "Затвори", "app/sr")] {
            let label = try resolver.label(key: "close", table: "Localizable",
                                           chain: resolver.chain(preferred: [LanguageTag(requested)!]), arguments: [])
            #expect(label.value == value, "\(requested)")
            #expect(label.source == source, "\(requested)")
            #expect(label.isMissing == (source == "app/en"), "\(requested)")
        }
    }

    @Test func aWrittenDefaultScriptStillFallsToTheBareLanguage() {
        #expect(first("sr-Cyrl", among: ["sr", "en"]) == "sr")
        #expect(first("sr-Cyrl-RS", among: ["sr", "en"]) == "sr")
        #expect(first("uz-Latn", among: ["uz", "en"]) == "uz")
        #expect(first("pa-Guru-IN", among: ["pa", "en"]) == "pa")
        #expect(first("zh-Hans-CN", among: ["zh", "en"]) == "zh")
        #expect(first("xx-Latn", among: ["xx", "en"]) == "xx")   // no likely script known: a plain truncation
    }

    @Test func theChainWithoutAMatcherStopsAtTheScriptToo() {
        let chain = LanguageChain(preferred: [LanguageTag("sr-Latn-RS")!], development: LanguageTag("en")!)
        #expect(chain.languages.map(\.rawValue) == ["sr-Latn-RS", "sr-Latn", "en"])
    }

    /// Oracle: Babel 2.17.0's parent of every CLDR locale with a script subtag (its
    /// `babel.localedata` parent rule: `parent_exceptions`, else root for a non-likely
    /// script, else the truncation), printed by a script and pasted here.
    static let babelParents = """
        az-Arab>root az-Arab-IQ>az-Arab az-Arab-IR>az-Arab az-Arab-TR>az-Arab az-Cyrl>root
        az-Cyrl-AZ>az-Cyrl az-Latn>az az-Latn-AZ>az-Latn bal-Arab>bal bal-Arab-PK>bal-Arab bal-Latn>root
        bal-Latn-PK>bal-Latn bm-Nkoo>root bm-Nkoo-ML>bm-Nkoo bs-Cyrl>root bs-Cyrl-BA>bs-Cyrl bs-Latn>bs
        bs-Latn-BA>bs-Latn en-Dsrt>root en-Dsrt-US>en-Dsrt en-Shaw>root en-Shaw-GB>en-Shaw ff-Adlm>root
        ff-Adlm-BF>ff-Adlm ff-Adlm-CM>ff-Adlm ff-Adlm-GH>ff-Adlm ff-Adlm-GM>ff-Adlm ff-Adlm-GN>ff-Adlm
        ff-Adlm-GW>ff-Adlm ff-Adlm-LR>ff-Adlm ff-Adlm-MR>ff-Adlm ff-Adlm-NE>ff-Adlm ff-Adlm-NG>ff-Adlm
        ff-Adlm-SL>ff-Adlm ff-Adlm-SN>ff-Adlm ff-Latn>ff ff-Latn-BF>ff-Latn ff-Latn-CM>ff-Latn
        ff-Latn-GH>ff-Latn ff-Latn-GM>ff-Latn ff-Latn-GN>ff-Latn ff-Latn-GW>ff-Latn ff-Latn-LR>ff-Latn
        ff-Latn-MR>ff-Latn ff-Latn-NE>ff-Latn ff-Latn-NG>ff-Latn ff-Latn-SL>ff-Latn ff-Latn-SN>ff-Latn
        ha-Arab>root ha-Arab-NG>ha-Arab ha-Arab-SD>ha-Arab hi-Latn>en-IN hi-Latn-IN>hi-Latn hnj-Hmnp>hnj
        hnj-Hmnp-US>hnj-Hmnp iu-Latn>root iu-Latn-CA>iu-Latn kaa-Cyrl>kaa kaa-Cyrl-UZ>kaa-Cyrl kaa-Latn>root
        kaa-Latn-UZ>kaa-Latn kk-Arab>root kk-Arab-CN>kk-Arab kk-Cyrl>kk kk-Cyrl-KZ>kk-Cyrl kok-Deva>kok
        kok-Deva-IN>kok-Deva kok-Latn>root kok-Latn-IN>kok-Latn ks-Arab>ks ks-Arab-IN>ks-Arab ks-Deva>root
        ks-Deva-IN>ks-Deva kxv-Deva>root kxv-Deva-IN>kxv-Deva kxv-Latn>kxv kxv-Latn-IN>kxv-Latn
        kxv-Orya>root kxv-Orya-IN>kxv-Orya kxv-Telu>root kxv-Telu-IN>kxv-Telu mn-Mong>root
        mn-Mong-CN>mn-Mong mn-Mong-MN>mn-Mong mni-Beng>mni mni-Beng-IN>mni-Beng mni-Mtei>root
        mni-Mtei-IN>mni-Mtei ms-Arab>root ms-Arab-BN>ms-Arab ms-Arab-MY>ms-Arab pa-Arab>root
        pa-Arab-PK>pa-Arab pa-Guru>pa pa-Guru-IN>pa-Guru rhg-Rohg>rhg rhg-Rohg-BD>rhg-Rohg
        rhg-Rohg-MM>rhg-Rohg sat-Deva>root sat-Deva-IN>sat-Deva sat-Olck>sat sat-Olck-IN>sat-Olck sd-Arab>sd
        sd-Arab-PK>sd-Arab sd-Deva>root sd-Deva-IN>sd-Deva shi-Latn>root shi-Latn-MA>shi-Latn shi-Tfng>shi
        shi-Tfng-MA>shi-Tfng sr-Cyrl>sr sr-Cyrl-BA>sr-Cyrl sr-Cyrl-ME>sr-Cyrl sr-Cyrl-RS>sr-Cyrl
        sr-Cyrl-XK>sr-Cyrl sr-Latn>root sr-Latn-BA>sr-Latn sr-Latn-ME>sr-Latn sr-Latn-RS>sr-Latn
        sr-Latn-XK>sr-Latn su-Latn>su su-Latn-ID>su-Latn uz-Arab>root uz-Arab-AF>uz-Arab uz-Cyrl>root
        uz-Cyrl-UZ>uz-Cyrl uz-Latn>uz uz-Latn-UZ>uz-Latn vai-Latn>root vai-Latn-LR>vai-Latn vai-Vaii>vai
        vai-Vaii-LR>vai-Vaii yue-Hans>root yue-Hans-CN>yue-Hans yue-Hant>yue yue-Hant-CN>yue-Hant
        yue-Hant-HK>yue-Hant zh-Hans>zh zh-Hans-CN>zh-Hans zh-Hans-HK>zh-Hans zh-Hans-MO>zh-Hans
        zh-Hans-MY>zh-Hans zh-Hans-SG>zh-Hans zh-Hant>root zh-Hant-HK>zh-Hant zh-Hant-MO>zh-Hant-HK
        zh-Hant-MY>zh-Hant zh-Hant-TW>zh-Hant zh-Latn>root zh-Latn-CN>zh-Latn
        """

    @Test func everyCLDRLocaleWithAScriptHasBabelsParent() {
        var checked = 0
        for pair in Self.babelParents.split(whereSeparator: \.isWhitespace) {
            let sides = pair.split(separator: ">")
            let parts = LocaleParts(LanguageTag(sides[0])!)
            let expected = sides[1] == "root" ? nil : String(sides[1])
            #expect(parts.parent?.baseTag == expected, "\(sides[0])")
            checked += 1
        }
        #expect(checked == 150)
    }

    @Test func privateUseAndGrandfatheredTagsMatchThroughTheirPreferredValues() {
        #expect(first("x-klingon", among: ["de", "en"]) == nil)
        #expect(first("i-klingon", among: ["tlh", "en"]) == "tlh")
        #expect(first("no-bok", among: ["nb", "en"]) == "nb")
        #expect(first("zh-min-nan", among: ["zh", "nan", "en"]) == "nan")
        #expect(first("zh-min-nan", among: ["zh", "en"]) == nil)   // Min Nan is not Mandarin
        #expect(first("en-GB-oed", among: ["en-GB", "en"]) == "en-GB")
        #expect(first("de-CH-1996", among: ["de", "de-CH"]) == "de-CH")   // a variant before the parents
        #expect(first("x-klingon", among: ["x-klingon", "en"]) == "x-klingon")
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
