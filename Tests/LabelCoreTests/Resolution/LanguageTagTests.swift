import Testing
import LabelCore

@Suite struct LanguageTagTests {
    @Test(arguments: [
        ("de", "de"), ("DE", "de"), ("de-at", "de-AT"), ("DE_at", "de-AT"), ("pt_BR", "pt-BR"),
        ("zh-hant-tw", "zh-Hant-TW"), ("sr-latn", "sr-Latn"), ("es-419", "es-419"),
        ("en-US-x-twain", "en-US-x-twain"), ("yue", "yue"),
        // Already canonical (the short path that skips re-casing), and near misses of it.
        ("pt-BR", "pt-BR"), ("fil-PH", "fil-PH"), ("de-Latn", "de-Latn"), ("de-A", "de-a"), ("de-ABC", "de-abc"),
        // RFC 5646 §2.1: privateuse alone, the irregular and regular grandfathered tags.
        ("x-klingon", "x-klingon"), ("X-Private", "x-private"), ("x-foo-bar", "x-foo-bar"), ("x-a", "x-a"),
        ("i-klingon", "i-klingon"), ("I-KLINGON", "i-klingon"), ("i-default", "i-default"),
        ("en-GB-oed", "en-GB-oed"), ("EN-gb-OED", "en-GB-oed"), ("zh-min-nan", "zh-min-nan"),
        ("sgn-BE-FR", "sgn-BE-FR"), ("art-lojban", "art-lojban"),
    ])
    func wellFormedTagsAreCanonicalized(input: String, canonical: String) {
        #expect(LanguageTag(input)?.rawValue == canonical)
    }

    @Test(arguments: [
        "", "../etc", "de/AT", "d", "de-", "-de", "de--AT", "de AT", "de\u{0}", "de\nAT", "1de",
        "de-toolongsubtag", String(repeating: "a", count: 200), "dé", "*",
        // Private use needs a subtag; `i-` only for the registered irregular tags.
        "x", "x-", "x--a", "x-toolongsub", "i-foo", "i", "q-klingon", "x-klingon\u{7F}",
        // A four-letter language subtag is reserved for future use (`null`, `Main.lproj`).
        "abcd", "null", "Main",
    ])
    func malformedTagsAreRejected(input: String) {
        #expect(LanguageTag(input) == nil)
    }

    @Test func aTagLongerThanTheLimitIsRejectedButOneAtTheLimitIsAccepted() {
        let atLimit = "en" + String(repeating: "-abcdefg", count: 7) + "-abcde"
        #expect(atLimit.count == LanguageTag.maximumLength)
        #expect(LanguageTag(atLimit) != nil)
        #expect(LanguageTag(atLimit + "g") == nil)
    }

    @Test func truncationsDropOneSubtagAtATime() {
        #expect(LanguageTag("zh-Hant-TW")!.truncations.map(\.rawValue) == ["zh-Hant-TW", "zh-Hant", "zh"])
        #expect(LanguageTag("de-AT")!.truncations.map(\.rawValue) == ["de-AT", "de"])
        #expect(LanguageTag("de")!.truncations.map(\.rawValue) == ["de"])
    }

    @Test func privateUseAndIrregularTagsHaveNoTruncationsButThemselves() {
        #expect(LanguageTag("x-klingon")!.truncations.map(\.rawValue) == ["x-klingon"])
        #expect(LanguageTag("i-klingon")!.truncations.map(\.rawValue) == ["i-klingon"])
    }

    @Test func truncationDropsAnExtensionSingletonWithItsSubtag() {
        #expect(LanguageTag("en-US-x-twain")!.truncations.map(\.rawValue) == ["en-US-x-twain", "en-US", "en"])
    }
}

@Suite struct LanguageChainTests {
    let en = LanguageTag("en")!

    @Test func aRegionalTagFallsBackToItsLanguageThenTheDevelopmentLanguage() {
        let chain = LanguageChain(preferred: [LanguageTag("de-AT")!], development: en)
        #expect(chain.languages.map(\.rawValue) == ["de-AT", "de", "en"])
        #expect(chain.requested?.rawValue == "de-AT")
        #expect(chain.requestedPrefixCount == 2)
    }

    @Test func noPreferenceMeansTheDevelopmentLanguageIsRequested() {
        let chain = LanguageChain(preferred: [], development: en)
        #expect(chain.languages == [en])
        #expect(chain.requested == en)
        #expect(chain.requestedPrefixCount == 1)
    }

    @Test func developmentLanguageNoneEndsTheChainAtTheRequest() {
        let chain = LanguageChain(preferred: [LanguageTag("fr-CA")!], development: nil)
        #expect(chain.languages.map(\.rawValue) == ["fr-CA", "fr"])
    }

    @Test func furtherPreferencesComeBeforeTheDevelopmentLanguageWithoutDuplicates() {
        let chain = LanguageChain(preferred: [LanguageTag("fr-CH")!, LanguageTag("de")!, LanguageTag("en")!], development: en)
        #expect(chain.languages.map(\.rawValue) == ["fr-CH", "fr", "de", "en"])
        #expect(chain.requestedPrefixCount == 2)
    }
}

@Test func aTagFromAStringIsTheTagFromASubstring() {
    for text in ["de", "DE_at", "pt-BR", "zh-hant-tw", "../etc", "", "x-private", "de--AT", "I-Klingon"] {
        #expect(LanguageTag(text) == LanguageTag(text[...]), "\(text)")
    }
}
