/// The escapes of a JSON string (RFC 8259, section 7), decoded in one place: by
/// ``JSONCursor``, which every JSON reader of the project reads through.
package enum JSONStringEscape {
    /// The byte a one-character escape stands for (`\"` `\\` `\/` `\b` `\f` `\n` `\r`
    /// `\t`, `code` the byte after the backslash); nil for `u` and anything else.
    @inline(__always)
    package static func character(_ code: UInt8) -> UInt8? {
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): code
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The UTF-16 code unit `\u` gives with the four bytes after it, each a hex digit
    /// (either case); nil when one is not.
    @inline(__always)
    package static func codeUnit(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> UInt16? {
        guard let a = hexValue(a), let b = hexValue(b), let c = hexValue(c), let d = hexValue(d) else { return nil }
        return a << 12 | b << 8 | c << 4 | d
    }

    /// The scalar a surrogate pair stands for (`high` in D800–DBFF, `low` in DC00–DFFF).
    package static func scalarValue(high: UInt32, low: UInt32) -> UInt32 {
        0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
