/// A decimal number as written in a request argument: `-12`, `1.50`, `1e3`.
///
/// Parsed by hand so that Swift's more liberal `Double("nan")`, `"0x1p3"` or
/// `"inf"` are not numbers here; what counts as a number matches what the plural
/// operands accept.
struct NumberLiteral: Sendable, Hashable {
    /// Longest argument read as a number, so a huge query value costs nothing.
    static let maximumLength = 100

    var isNegative: Bool
    /// ASCII digits before the decimal point, at least one.
    var integerDigits: [UInt8]
    /// ASCII digits after the decimal point, empty when there is no point.
    var fractionDigits: [UInt8]
    /// The exponent (`3` in `1e3`), clamped to ±9999; `nil` when not written.
    var exponent: Int?

    /// Whether the exponent part (`e3`) is present.
    var hasExponent: Bool { exponent != nil }

    /// `-? digits ( . digits )? ( [eE] [+-]? digits )?`
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength else { return nil }
        var index = 0
        isNegative = bytes[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }

        func digits() -> [UInt8] {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return Array(bytes[start..<index])
        }

        integerDigits = digits()
        guard !integerDigits.isEmpty else { return nil }
        fractionDigits = []
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digits()
            guard !fractionDigits.isEmpty else { return nil }
        }
        exponent = nil
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var isNegativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                isNegativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentDigits = digits()
            guard !exponentDigits.isEmpty else { return nil }
            var value = 0
            for digit in exponentDigits where value < 9999 {
                value = min(value * 10 + Int(digit - 0x30), 9999)
            }
            exponent = isNegativeExponent ? -value : value
        }
        guard index == bytes.count else { return nil }
    }

    /// Whether the value is zero (`0`, `-0`, `0.00`, `0e5`).
    var isZero: Bool {
        integerDigits.allSatisfy { $0 == 0x30 } && fractionDigits.allSatisfy { $0 == 0x30 }
    }

    /// Whether the value is an integer written without exponent, possibly with an
    /// all-zero fraction (`1`, `1.0`): what integer conversions accept.
    var isIntegerAsWritten: Bool {
        !hasExponent && fractionDigits.allSatisfy { $0 == 0x30 }
    }

    /// The value rounded to `precision` fraction digits, half to even (as ICU rounds
    /// for `String(format:locale:)`), computed on the decimal digits as written so
    /// `2.675` rounds to `2.68` with no binary floating-point error.
    func fixedDigits(precision: Int) -> (integer: [UInt8], fraction: [UInt8]) {
        let zero = UInt8(ascii: "0")
        var digits = integerDigits + fractionDigits
        var pointIndex = integerDigits.count + (exponent ?? 0)
        if pointIndex < 0 {
            digits.insert(contentsOf: repeatElement(zero, count: -pointIndex), at: 0)
            pointIndex = 0
        }
        if pointIndex > digits.count {
            digits.append(contentsOf: repeatElement(zero, count: pointIndex - digits.count))
        }
        let keep = pointIndex + precision
        if digits.count > keep {
            let first = digits[keep]
            let restIsZero = digits[(keep + 1)...].allSatisfy { $0 == zero }
            let lastKeptIsOdd = keep > 0 && (digits[keep - 1] - zero) % 2 == 1
            let roundsUp = first > UInt8(ascii: "5") || (first == UInt8(ascii: "5") && (!restIsZero || lastKeptIsOdd))
            digits.removeSubrange(keep...)
            if roundsUp {
                var index = keep - 1
                while index >= 0, digits[index] == UInt8(ascii: "9") {
                    digits[index] = zero
                    index -= 1
                }
                if index >= 0 {
                    digits[index] += 1
                } else {
                    digits.insert(UInt8(ascii: "1"), at: 0)
                    pointIndex += 1
                }
            }
        } else {
            digits.append(contentsOf: repeatElement(zero, count: keep - digits.count))
        }
        var integer = Array(digits[0..<pointIndex])
        while integer.count > 1, integer[0] == zero { integer.removeFirst() }
        if integer.isEmpty { integer = [zero] }
        return (integer, Array(digits[pointIndex...]))
    }
}
