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
}
