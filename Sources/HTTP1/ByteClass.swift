/// Byte classification tables for RFC 9110 / 9112 grammar.
enum ByteClass {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let sp: UInt8 = 0x20
    static let htab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A

    /// tchar: `!#$%&'*+-.^_`|~`, DIGIT, ALPHA (RFC 9110 §5.6.2), as a bit set over
    /// ASCII. Integer constants, not lazily built tables: a table global costs a
    /// `swift_once` check per byte on the parsing path. `ByteClassTests` pins them.
    private static let tcharLow: UInt64 = 0x03ff_6cfa_0000_0000
    private static let tcharHigh: UInt64 = 0x57ff_ffff_c7ff_fffe

    @inline(__always)
    static func isTchar(_ byte: UInt8) -> Bool { inSet(byte, low: tcharLow, high: tcharHigh) }

    @inline(__always)
    private static func inSet(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }

    /// field-vchar or SP / HTAB: VCHAR, obs-text (0x80–0xFF), SP, HTAB. Excludes CTLs and DEL.
    @inline(__always)
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == htab || (byte >= 0x20 && byte != 0x7F)
    }

    /// Bytes allowed in a request-target: what RFC 3986 allows in a URI (unreserved,
    /// reserved, `%`), without `#` (fragments are never sent). Visible ASCII that RFC 3986
    /// excludes — `" < > \ ^ ` { | }` — is rejected rather than guessed at: intermediaries
    /// disagree on how to encode or forward it.
    private static let targetLow: UInt64 = 0xafff_fff2_0000_0000
    private static let targetHigh: UInt64 = 0x47ff_fffe_afff_ffff

    @inline(__always)
    static func isTargetByte(_ byte: UInt8) -> Bool { inSet(byte, low: targetLow, high: targetHigh) }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == sp || byte == htab }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    // MARK: Whole fields, eight bytes at a time

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether every byte is a tchar (a field name). A word of letters, digits and `-`
    /// (most names) is accepted with a few word operations; any other word is checked
    /// byte by byte, so the answer is exactly ``isTchar(_:)`` for each byte.
    static func allTchar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        allBytes(bytes, wordIsCommon: isCommonNameWord, byteIsValid: isTchar)
    }

    /// Whether every byte is a field value byte (``isFieldValueByte(_:)``): no CTL but HTAB, no DEL.
    static func allFieldValueBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        allBytes(bytes, wordIsCommon: isVisibleWord, byteIsValid: isFieldValueByte)
    }

    /// Whether no byte has its top bit set, a word at a time.
    static func allASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var seen: UInt64 = 0
        while index + 8 <= bytes.count {
            seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        var tail: UInt8 = 0
        while index < bytes.count {
            tail |= base[index]
            index += 1
        }
        return seen & highs == 0 && tail < 0x80
    }

    /// The index of the first LF at or after `from`, or nil: a word at a time (a head's
    /// lines are found without a loop iteration per byte).
    static func firstLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = from
        while index + 8 <= bytes.count {
            // A byte of `word` is zero where the input has LF; the lowest flagged byte is
            // exact (a borrow only flags bytes above a zero byte), and the lowest in the
            // little-endian reading is the first in memory.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ (ones &* UInt64(lf))
            let zeros = (word &- ones) & ~word & highs
            if zeros != 0 { return index + zeros.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < bytes.count {
            if base[index] == lf { return index }
            index += 1
        }
        return nil
    }

    @inline(__always)
    private static func allBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, wordIsCommon: (UInt64) -> Bool, byteIsValid: (UInt8) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        guard bytes.count >= 8 else {
            for byte in bytes where !byteIsValid(byte) { return false }
            return true
        }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while true {
            // The last word overlaps the one before instead of a byte-by-byte tail.
            let start = Swift.min(index, bytes.count - 8)
            if !wordIsCommon(raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)) {
                for offset in start..<(start + 8) where !byteIsValid(base[offset]) { return false }
            }
            index = start + 8
            if index == bytes.count { return true }
        }
    }

    /// Whether each byte of `word` is in `lower...upper`, for a word of ASCII bytes and
    /// `upper < 0x80`: the sums cannot carry into the next byte. High bit set per byte in range.
    @inline(__always)
    private static func inRange(_ word: UInt64, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
        (word &+ ones &* UInt64(0x80 - lower)) & ~(word &+ ones &* UInt64(0x7F - upper)) & highs
    }

    /// Every byte an ASCII letter, digit, `-` or `.` (all tchars).
    @inline(__always)
    private static func isCommonNameWord(_ word: UInt64) -> Bool {
        guard word & highs == 0 else { return false }
        // Setting bit 5 maps A–Z onto a–z and nothing else onto a–z.
        let letters = inRange(word | ones &* 0x20, 0x61, 0x7A)
        let other = inRange(word, 0x30, 0x39) | inRange(word, 0x2D, 0x2E)
        return letters | other == highs
    }

    /// No byte below 0x20 (HTAB included: it takes the byte-by-byte path) and none 0x7F.
    @inline(__always)
    private static func isVisibleWord(_ word: UInt64) -> Bool {
        let control = (word &- ones &* 0x20) & ~word & highs
        let del = word ^ (ones &* 0x7F)
        return control | ((del &- ones) & ~del & highs) == 0
    }
}
