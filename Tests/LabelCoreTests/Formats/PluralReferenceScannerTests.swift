import Testing
@testable import LabelCore

/// The small format-string scanner the store readers use to check variables.
struct PluralReferenceScannerTests {
    @Test func variableReferencesMayCarryAPositionOrAFieldWidth() {
        #expect(PluralReferenceScanner.variableNames(in: "%#@a@ %1$#@b@ %1#@c@ %2$@") == ["a", "b", "c"])
    }

    @Test func anEscapedPercentSignStartsNoReference() {
        #expect(PluralReferenceScanner.variableNames(in: "100%%#@a@ %#@b") == [])
    }

    @Test func theFirstNumericSpecifierSkipsStringsAndCountsArguments() {
        #expect(PluralReferenceScanner.firstNumericSpecifier(in: "%@ has %lld files")! == ("lld", 2))
        #expect(PluralReferenceScanner.firstNumericSpecifier(in: "%2$@ has %1$.1f")! == ("f", 1))
        #expect(PluralReferenceScanner.firstNumericSpecifier(in: "50%% off, %@") == nil)
    }

    @Test func theArgTokenBecomesTheGivenSpecifier() {
        #expect(PluralReferenceScanner.replacingArgToken(in: "%arg items (%%arg) %arg", with: "lld")
            == "%lld items (%%arg) %lld")
    }
}
