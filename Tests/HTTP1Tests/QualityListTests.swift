import Testing
import HTTP1

/// The one reader of q-weighted list fields (`Accept`, `Accept-Encoding`, `Accept-Language`).
@Suite struct QualityListTests {
    @Test func elementsKeepOrderWithTrimmedValuesAndThousandths() {
        let items = QualityList.items(" de-AT ,de;q=0.9,\ten ; Q = 0.5 ;level=1, fr;q=1.000")
        #expect(items.map(\.value) == ["de-AT", "de", "en", "fr"])
        #expect(items.map(\.q) == [1000, 900, 500, 1000])
    }

    @Test(arguments: [("0", 0), ("1", 1000), ("0.5", 500), ("0.001", 1), ("0.", 0), ("1.0", 1000), ("1.000", 1000)])
    func validQValues(text: String, thousandths: Int) {
        #expect(QualityList.qValue(Substring(text)) == thousandths)
    }

    @Test(arguments: ["", "2", "1.5", "1.001", "0.0001", "-0", "abc", ".5", "0,5", "00", "1e0", "0.5 "])
    func malformedQValuesAreNil(text: String) {
        #expect(QualityList.qValue(Substring(text)) == nil)
    }

    @Test func aMalformedQMakesTheElementUnweightedAndTheLastQCounts() {
        #expect(QualityList.items("gzip;q=nonsense").map(\.q) == [nil])
        #expect(QualityList.items("gzip;q=x;q=0.2").map(\.q) == [200])
        #expect(QualityList.items("gzip;q=").map(\.q) == [1000])   // no value: not a q parameter
    }

    @Test func emptyElementsAreSkippedAndTheLimitBoundsTheWork() {
        #expect(QualityList.items(",,, ,").map(\.value) == [""])
        #expect(QualityList.items(";gzip").map(\.value) == [""])
        #expect(QualityList.items(String(repeating: "a,", count: 100), limit: 32).count == 32)
    }
}
