/// The CLDR plural operands of a number as written.
///
/// Plural categories depend on how a number is written, not only on its value:
/// in German `1` is `one` but `1.0` is `other`. So operands are taken from the
/// decimal text (UTS #35, "Plural Operand Meanings"). The sign is ignored.
/// Compact notation such as `1.2c3` (1200 written with exponent 3) shifts the
/// decimal point first, then takes the operands, with `e` the exponent.
package struct PluralOperands: Sendable, Hashable {
    /// The absolute value of the number.
    package let n: Double
    /// The integer digits of `n`.
    package let i: UInt64
    /// The number of visible fraction digits, with trailing zeros.
    package let v: Int
    /// The number of visible fraction digits, without trailing zeros.
    package let w: Int
    /// The visible fraction digits, with trailing zeros, as an integer.
    package let f: UInt64
    /// The visible fraction digits, without trailing zeros, as an integer.
    package let t: UInt64
    /// The compact decimal exponent (`6` for `1c6`), `0` when not compact.
    package let e: Int

    /// Digits allowed in the written mantissa; longer input is not a count.
    static let maximumDigits = 30
    /// Digits that always fit a `UInt64` (its maximum has 20).
    static let maximumPartDigits = 19

    /// Operands of an integer, which has no visible fraction digits.
    package init(_ value: Int) {
        i = UInt64(value.magnitude)
        n = Double(i)
        v = 0
        w = 0
        f = 0
        t = 0
        e = 0
    }

    /// Operands of a number as written: `-`? digits (`.` digits)? (`c`|`e` digits)?.
    ///
    /// `1.50` gives v=2, f=50, t=5; `1c6` gives n=i=1000000, e=6. Returns nil for
    /// anything else (empty, `1.`, `.5`, `+1`, `1e`, spaces, letters) and for
    /// numbers whose integer or fraction part would exceed 19 digits after the
    /// exponent is applied, or whose mantissa has more than 30 digits.
    package init?(_ written: String) {
        // The usual count (`3`, `-12`): plain digits, read without the general
        // path's arrays and its Double parse (on every plural label rendered).
        if let plain = Self.plainInteger(written.utf8) {
            i = plain
            n = Double(plain)
            v = 0
            w = 0
            f = 0
            t = 0
            e = 0
            return
        }
        var bytes = written.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }

        func takeDigits() -> Substring.UTF8View {
            let end = bytes.firstIndex { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? bytes.endIndex
            let digits = bytes[..<end]
            bytes = bytes[end...]
            return digits
        }

        let integerDigits = takeDigits()
        guard !integerDigits.isEmpty else { return nil }
        var fractionDigits = bytes[bytes.startIndex..<bytes.startIndex]
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = takeDigits()
            guard !fractionDigits.isEmpty else { return nil }
        }
        var exponent = 0
        if let marker = bytes.first, marker == UInt8(ascii: "c") || marker == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            let exponentDigits = takeDigits()
            // Two digits are plenty: a larger shift could never fit the integer part.
            guard !exponentDigits.isEmpty, exponentDigits.count <= 2 else { return nil }
            exponent = exponentDigits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard bytes.isEmpty, integerDigits.count + fractionDigits.count <= Self.maximumDigits else {
            return nil
        }

        // Shift the decimal point right by the exponent, padding with zeros.
        var integerPart = Array(integerDigits)
        var fractionPart = Array(fractionDigits)
        let moved = min(exponent, fractionPart.count)
        integerPart += fractionPart.prefix(moved)
        fractionPart.removeFirst(moved)
        integerPart += repeatElement(UInt8(ascii: "0"), count: exponent - moved)

        let significant = integerPart.drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= Self.maximumPartDigits,
              fractionPart.count <= Self.maximumPartDigits else { return nil }
        let trimmedFraction = fractionPart.reversed().drop { $0 == UInt8(ascii: "0") }.reversed()

        func value<C: Collection<UInt8>>(_ digits: C) -> UInt64 {
            digits.reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
        }
        i = value(significant)
        v = fractionPart.count
        f = value(fractionPart)
        w = trimmedFraction.count
        t = value(trimmedFraction)
        e = exponent
        // Double's string initializer rounds correctly; the text is always valid here.
        let plain = String(decoding: integerPart, as: UTF8.self)
            + (fractionPart.isEmpty ? "" : "." + String(decoding: fractionPart, as: UTF8.self))
        n = Double(plain) ?? Double(i)
    }

    /// The magnitude of `-`? 1–15 ASCII digits, else nil (the general path decides).
    /// Fifteen digits are exact in a `Double`, so `n` equals what the general path parses.
    private static func plainInteger(_ utf8: String.UTF8View) -> UInt64? {
        var value: UInt64 = 0
        var digits = 0
        var first = true
        for byte in utf8 {
            defer { first = false }
            if first && byte == UInt8(ascii: "-") { continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
