import Testing
import LabelCore

@Test func fractionOperandsKeepOrDropTrailingZeros() throws {
    let o = try #require(PluralOperands("1.50"))
    #expect(o.n == 1.5)
    #expect(o.i == 1)
    #expect(o.v == 2)
    #expect(o.w == 1)
    #expect(o.f == 50)
    #expect(o.t == 5)
    #expect(o.e == 0)
}

@Test func integerWrittenWithZeroFractionHasVisibleDigits() throws {
    let o = try #require(PluralOperands("1.0"))
    #expect(o.i == 1 && o.v == 1 && o.f == 0 && o.w == 0 && o.t == 0)
    #expect(o != PluralOperands(1))
    #expect(PluralOperands("1") == PluralOperands(1))
}

@Test func signIsIgnored() {
    #expect(PluralOperands("-3") == PluralOperands(3))
    #expect(PluralOperands(-3) == PluralOperands(3))
    #expect(PluralOperands("-1.5")?.t == 5)
    #expect(PluralOperands(Int.min).i == UInt64(Int.max) + 1)
}

@Test func compactExponentShiftsTheDecimalPoint() throws {
    let million = try #require(PluralOperands("1c6"))
    #expect(million.n == 1_000_000 && million.i == 1_000_000 && million.v == 0 && million.e == 6)
    let twelveHundred = try #require(PluralOperands("1.2c3"))
    #expect(twelveHundred.n == 1200 && twelveHundred.i == 1200 && twelveHundred.v == 0 && twelveHundred.e == 3)
    let fraction = try #require(PluralOperands("1.0000001c6"))
    #expect(fraction.i == 1_000_000 && fraction.v == 1 && fraction.f == 1 && fraction.e == 6)
    #expect(PluralOperands("1.25e1")?.v == 1)
    #expect(PluralOperands("1.25e1")?.i == 12)
    #expect(PluralOperands("5c0")?.e == 0)
}

@Test func leadingZerosDoNotCount() {
    #expect(PluralOperands("007")?.i == 7)
    #expect(PluralOperands("0.07")?.f == 7)
}

@Test(arguments: ["", "-", "abc", "1.", ".5", "1e", "1c", " 1", "1 ", "+1", "1,5", "1..2", "--1", "1.2.3",
                  "1c-3", "1c123", "１", "1_000", "1.5x", "1e6e6",
                  String(repeating: "1", count: 31), "1" + String(repeating: "0", count: 19),  // > 19 digits
                  "1c19", "0." + String(repeating: "1", count: 20)])
func malformedOrOversizedNumbersHaveNoOperands(written: String) {
    #expect(PluralOperands(written) == nil)
}

@Test func largestAcceptedNumbersStillFit() {
    #expect(PluralOperands(String(repeating: "9", count: 19))?.i == 9_999_999_999_999_999_999)
    #expect(PluralOperands("0." + String(repeating: "9", count: 19))?.f == 9_999_999_999_999_999_999)
    #expect(PluralOperands("1c18")?.i == 1_000_000_000_000_000_000)
}

@Test func plainIntegersHaveTheOperandsOfTheirValue() throws {
    // The fast path for plain digits must agree with the integer initializer and,
    // past 15 digits, the general path must still read them.
    for written in ["0", "1", "-1", "3", "007", "-0", "21", "999999999999999", "1000000"] {
        let operands = try #require(PluralOperands(written))
        let value = Int(written)!
        #expect(operands == PluralOperands(value), "\(written)")
        #expect(operands.n == Double(value.magnitude), "\(written)")
    }
    let long = try #require(PluralOperands("1234567890123456789"))
    #expect(long.i == 1_234_567_890_123_456_789)
    #expect(long.n == 1_234_567_890_123_456_789.0)
    for invalid in ["", "-", "--1", "1-", "+1", " 1", "1 ", "١"] {
        #expect(PluralOperands(invalid) == nil, "\(invalid)")
    }
}
