import LabelCore
import LabelServer
import Testing

@Suite struct AcceptLanguageTests {
    @Test func preferencesAreOrderedByQValueThenByPosition() {
        let tags = AcceptLanguage.preferences("en;q=0.5, de-AT, fr;q=0.9, de;q=0.9")
        #expect(tags.map(\.rawValue) == ["de-AT", "fr", "de", "en"])
    }

    @Test func zeroQualityWildcardsAndMalformedRangesAreDropped() {
        let tags = AcceptLanguage.preferences("*, ../etc;q=1, de;q=0, fr;q=abc, it;q=1.5, es ; q=0.3 ,pl")
        #expect(tags.map(\.rawValue) == ["pl", "es"])
    }

    @Test func anEmptyOrGarbageHeaderMeansNoPreference() {
        #expect(AcceptLanguage.preferences("").isEmpty)
        #expect(AcceptLanguage.preferences(";;;,,,==").isEmpty)
    }

    @Test func qValuesWithThreeDecimalsAreHonoured() {
        #expect(AcceptLanguage.preferences("de;q=0.001, en;q=0.002").map(\.rawValue) == ["en", "de"])
    }
}
