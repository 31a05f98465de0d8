import Testing
import LabelScan

/// An interpolated literal matches store keys with any specifier in place of each interpolation.
@Suite struct KeyPatternTests {
    @Test func anySpecifierStandsForAnInterpolation() {
        let pattern = KeyPattern(segments: ["", " items"])
        for key in ["%lld items", "%@ items", "%d items", "%1$@ items", "%.2f items", "%#@count@ items"] {
            #expect(pattern.matches(key) == (key != "%#@count@ items"), "\(key)")
        }
        #expect(!pattern.matches("items"))
        #expect(!pattern.matches("%lld items left"))
    }

    @Test func severalInterpolations() {
        let pattern = KeyPattern(segments: ["Row ", ", column ", ""])
        #expect(pattern.matches("Row %lld, column %lld"))
        #expect(pattern.matches("Row %1$lld, column %2$lld"))
        #expect(!pattern.matches("Row %lld"))
    }
}
