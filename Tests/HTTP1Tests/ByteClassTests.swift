import Testing
@testable import HTTP1

/// The byte classes are bit-set constants; these pin them to the grammar's own words.
@Suite struct ByteClassTests {
    @Test func tcharIsExactlyRFC9110Token() {
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            #expect(ByteClass.isTchar(byte) == expected, "byte \(value)")
        }
    }

    @Test func targetBytesAreVisibleASCIIWithoutTheOnesRFC3986Excludes() {
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = byte > 0x20 && byte < 0x7F && !"#\"<>\\^`{|}".utf8.contains(byte)
            #expect(ByteClass.isTargetByte(byte) == expected, "byte \(value)")
        }
    }
}
