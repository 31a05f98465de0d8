/// Byte classification tables for RFC 9110 / 9112 grammar.
enum ByteClass {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let sp: UInt8 = 0x20
    static let htab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A

    /// tchar: `!#$%&'*+-.^_`|~`, DIGIT, ALPHA (RFC 9110 §5.6.2).
    private static let tcharTable: [Bool] = (0..<256).map { i in
        let b = UInt8(i)
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }

    @inline(__always)
    static func isTchar(_ byte: UInt8) -> Bool { tcharTable[Int(byte)] }

    /// field-vchar or SP / HTAB: VCHAR, obs-text (0x80–0xFF), SP, HTAB. Excludes CTLs and DEL.
    @inline(__always)
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == htab || (byte >= 0x20 && byte != 0x7F)
    }

    /// Bytes allowed in a request-target: what RFC 3986 allows in a URI (unreserved,
    /// reserved, `%`), without `#` (fragments are never sent). Visible ASCII that RFC 3986
    /// excludes — `" < > \ ^ ` { | }` — is rejected rather than guessed at: intermediaries
    /// disagree on how to encode or forward it.
    private static let targetTable: [Bool] = (0..<256).map { i in
        let b = UInt8(i)
        return b > 0x20 && b < 0x7F && !"#\"<>\\^`{|}".utf8.contains(b)
    }

    @inline(__always)
    static func isTargetByte(_ byte: UInt8) -> Bool { targetTable[Int(byte)] }

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
