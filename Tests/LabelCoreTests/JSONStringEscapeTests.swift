import Testing
@testable import LabelCore

/// ``JSONStringEscape``, the escape decoding the three JSON readers share.
@Suite struct JSONStringEscapeTests {
    @Test func oneCharacterEscapesAreRFC8259s() {
        let expected: [Character: UInt8] = ["\"": 0x22, "\\": 0x5C, "/": 0x2F, "b": 0x08, "f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09]
        for byte in UInt8.min...UInt8.max {
            #expect(JSONStringEscape.character(byte) == expected[Character(Unicode.Scalar(byte))], "\(byte)")
        }
    }

    @Test func codeUnitsTakeFourHexDigitsOfEitherCaseAndNothingElse() {
        func unit(_ text: String) -> UInt16? {
            let bytes = Array(text.utf8)
            return JSONStringEscape.codeUnit(bytes[0], bytes[1], bytes[2], bytes[3])
        }
        #expect(unit("0041") == 0x41 && unit("00e9") == 0xE9 && unit("00E9") == 0xE9 && unit("FFFF") == 0xFFFF)
        #expect(unit("d83D") == 0xD83D)
        // Integer parsing would take a sign; JSON does not.
        #expect(unit("+041") == nil && unit("-000") == nil && unit("004g") == nil && unit(" 041") == nil)
    }

    @Test func aSurrogatePairIsItsScalar() {
        #expect(JSONStringEscape.scalarValue(high: 0xD83D, low: 0xDE00) == 0x1F600)
        #expect(JSONStringEscape.scalarValue(high: 0xD800, low: 0xDC00) == 0x10000)
        #expect(JSONStringEscape.scalarValue(high: 0xDBFF, low: 0xDFFF) == 0x10FFFF)
    }
}
