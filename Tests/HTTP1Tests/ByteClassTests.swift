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

    @Test func wholeNamesAndValuesAreCheckedExactlyLikeEachOfTheirBytes() {
        // Every byte value at every position of an 8-byte word, after a word, and in the
        // tail: the word-at-a-time checks agree with the byte classes (the oracle here).
        for length in [1, 7, 8, 9, 15, 16, 17, 23] {
            for position in 0..<length {
                for value in 0...255 {
                    var name = Array("Content-Type.Language-X9".utf8.prefix(length))
                    var field = Array("text/plain; q=0.5, \u{7E}~ab".utf8.prefix(length))
                    name[position] = UInt8(value)
                    field[position] = UInt8(value)
                    let nameOK = name.withUnsafeBufferPointer { ByteClass.allTchar($0) }
                    let fieldOK = field.withUnsafeBufferPointer { ByteClass.allFieldValueBytes($0) }
                    #expect(nameOK == name.allSatisfy(ByteClass.isTchar), "name \(name)")
                    #expect(fieldOK == field.allSatisfy(ByteClass.isFieldValueByte), "value \(field)")
                }
            }
        }
        #expect([UInt8]().withUnsafeBufferPointer { ByteClass.allTchar($0) && ByteClass.allFieldValueBytes($0) })
    }

    @Test func wordsMixingEveryByteClassAreCheckedLikeTheirBytes() {
        // Pairs of unusual bytes in one word (a borrow from one byte must not hide another).
        let probes: [UInt8] = [0x00, 0x09, 0x0D, 0x1F, 0x20, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41,
                               0x5A, 0x5B, 0x5E, 0x5F, 0x60, 0x61, 0x7A, 0x7B, 0x7E, 0x7F, 0x80, 0xA0, 0xFF]
        for first in probes {
            for second in probes {
                for gap in 1..<8 {
                    var word = Array("abcdefgh".utf8)
                    word[0] = first
                    word[gap] = second
                    word.withUnsafeBufferPointer { bytes in
                        #expect(ByteClass.allTchar(bytes) == word.allSatisfy(ByteClass.isTchar), "\(word)")
                        #expect(ByteClass.allFieldValueBytes(bytes) == word.allSatisfy(ByteClass.isFieldValueByte), "\(word)")
                    }
                }
            }
        }
    }

    @Test func firstLineFeedIsTheFirstLFFromTheStartGiven() {
        // Every position of one or two LFs among bytes whose borrows could mislead a word
        // test (0x00, 0x09, 0x0B, 0x0A's neighbours, high bytes), over lengths around a word.
        let fillers: [UInt8] = [0x00, 0x01, 0x09, 0x0B, 0x0D, 0x20, 0x61, 0x8A, 0xFF]
        for length in 0...19 {
            for filler in fillers {
                for first in -1..<length {
                    for second in [-1, length - 1] {
                        var bytes = [UInt8](repeating: filler, count: length)
                        if first >= 0 { bytes[first] = 0x0A }
                        if second > first { bytes[second] = 0x0A }
                        for from in 0...length {
                            let expected = bytes[from...].firstIndex(of: 0x0A)
                            bytes.withUnsafeBufferPointer { buffer in
                                #expect(ByteClass.firstLineFeed(buffer, from: from) == expected, "\(bytes) from \(from)")
                            }
                        }
                    }
                }
            }
        }
    }
}
