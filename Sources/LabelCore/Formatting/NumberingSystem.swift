/// A CLDR numeric numbering system (`latn`, `arab`, `thai`, `hanidec`): its identifier
/// and its ten digits, from the generated `NumberingSystemTable`.
///
/// Only systems CLDR lists as `numeric` and this toolchain's ICU writes are known:
/// an algorithmic one (`roman`, `hans`), a keyword (`native`, `finance`) or an unknown
/// identifier gives `nil`, and a `-u-nu-` naming it is ignored (Foundation on Linux
/// traps on those in `String(format:locale:)`, so there is nothing to agree with).
/// The digits are read from the table, never computed from the zero: `hanidec`'s are
/// `〇一二三四五六七八九`, not ten consecutive code points.
package struct NumberingSystem: Sendable, Hashable {
    /// CLDR's identifier (`latn`).
    package let identifier: String
    /// The digit for 0.
    package let zero: Unicode.Scalar
    /// All ten digits when they are not `zero` and the nine code points after it
    /// (`hanidec`); `nil` otherwise, so a digit is an addition.
    private let scatteredDigits: [Unicode.Scalar]?

    /// The ten digits, 0 to 9.
    package var digits: [Unicode.Scalar] {
        scatteredDigits ?? (0...9).map { Unicode.Scalar(zero.value + $0)! }
    }

    /// ASCII digits.
    package static let latin = NumberingSystem(identifier: "latn", digits: Array("0123456789".unicodeScalars))!

    /// The system CLDR and ICU know by this identifier, or `nil` (see the type's note).
    package init?(identifier: String) {
        if identifier == "latn" {
            self = .latin
            return
        }
        guard identifier.utf8.count <= 8, identifier.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
            let digits = NumberingSystem.table[identifier]
        else { return nil }
        self.init(identifier: identifier, digits: Array(digits.unicodeScalars))
    }

    /// A system from its ten digits; `nil` unless there are exactly ten.
    init?(identifier: String, digits: [Unicode.Scalar]) {
        guard digits.count == 10 else { return nil }
        self.identifier = identifier
        zero = digits[0]
        let contiguous = digits.indices.allSatisfy { digits[$0].value == digits[0].value + UInt32($0) }
        scatteredDigits = contiguous ? nil : digits
    }

    /// The digit for an ASCII digit byte (`0`…`9`); other bytes are returned as they are.
    @inline(__always)
    func digit(forASCII byte: UInt8) -> Unicode.Scalar {
        let value = byte &- UInt8(ascii: "0")
        guard value < 10 else { return Unicode.Scalar(byte) }
        if let scatteredDigits { return scatteredDigits[Int(value)] }
        return Unicode.Scalar(zero.value + UInt32(value)) ?? Unicode.Scalar(byte)
    }

    /// Whether the scalar is one of the ten digits.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        if let scatteredDigits { return scatteredDigits.contains(scalar) }
        return scalar.value >= zero.value && scalar.value <= zero.value + 9
    }

    /// The system whose zero is `zero` (`latn` for `0`), for reading Foundation's output.
    static func withZero(_ zero: Unicode.Scalar) -> NumberingSystem? {
        if zero == "0" { return .latin }
        for (identifier, digits) in table where digits.unicodeScalars.first == zero {
            return NumberingSystem(identifier: identifier, digits: Array(digits.unicodeScalars))
        }
        return nil
    }

    /// Every system the table lists (for tests and the generator).
    static var all: [NumberingSystem] {
        table.compactMap { NumberingSystem(identifier: $0.key, digits: Array($0.value.unicodeScalars)) }
    }

    private static let table = LocaleTable(NumberingSystemTable.lines)
}
