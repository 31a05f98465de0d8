import Foundation

extension FormatSpecifier {
    /// Renders one argument, written as text, for this specifier in a language.
    ///
    /// The argument is typed by the conversion (see ``FormatError/Expectation``).
    /// Decimal conversions use the language's digits, separators and signs;
    /// `%d %i %u %f %g` are grouped, `%x %o %a %c` are not localized. As in CF (ICU),
    /// `%05d` pads digits to the width and then groups (`01,000`), and `%e %g` follow
    /// ICU's scientific pattern (`1,000000E+06`).
    /// Width counts characters (not bytes, unlike C), so a grouped French number pads
    /// right even though U+202F takes three UTF-8 bytes. `%f` rounds the decimal as
    /// written, half to even, like Foundation; `%e %g` round the binary `Double` via C.
    /// `%c`/`%C` take exactly one character (not a code point number); length
    /// modifiers never narrow a value (no silent wrap-around like C's `%hd`).
    func render(
        _ value: String, argument: Int, symbols: NumberSymbols
    ) throws(FormatError) -> String {
        func mismatch(_ expectation: FormatError.Expectation) -> FormatError {
            .typeMismatch(argument: argument, expected: expectation.rawValue, value: value)
        }
        switch conversion {
        case .decimal, .integer, .unsigned:
            // The usual count (`3`): plain digits need no literal parse (what the general
            // path below computes for them: that magnitude, not negative, no fraction).
            if let magnitude = Self.plainDigits(value) {
                return renderDecimal(magnitude: magnitude, isNegative: false, fraction: [], symbols: symbols)
            }
            let isUnsigned = conversion == .unsigned
            guard let literal = NumberLiteral(value), literal.isIntegerAsWritten,
                !(isUnsigned && literal.isNegative && !literal.isZero),
                let magnitude = UInt64(String(decoding: literal.integerDigits, as: UTF8.self)),
                isUnsigned || magnitude <= (literal.isNegative ? UInt64(Int64.max) + 1 : UInt64(Int64.max))
            else { throw mismatch(isUnsigned ? .nonNegativeInteger : .integer) }
            return renderDecimal(
                magnitude: magnitude, isNegative: literal.isNegative && magnitude != 0,
                fraction: literal.fractionDigits, symbols: symbols)

        case .octal, .hex, .upperHex:
            guard let literal = NumberLiteral(value), !literal.hasExponent, literal.fractionDigits.isEmpty,
                !literal.isNegative || literal.isZero,
                let magnitude = UInt64(String(decoding: literal.integerDigits, as: UTF8.self))
            else { throw mismatch(.nonNegativeInteger) }
            return renderRadix(magnitude)

        case .fixed, .upperFixed, .scientific, .upperScientific, .general, .upperGeneral,
            .hexFloat, .upperHexFloat:
            guard let literal = NumberLiteral(value), let number = Double(value), number.isFinite
            else { throw mismatch(.number) }
            if conversion == .fixed || conversion == .upperFixed {
                return renderFixed(literal, symbols: symbols)
            }
            return renderFloatingPoint(number, symbols: symbols)

        case .character, .wideCharacter:
            guard value.count == 1 else { throw mismatch(.character) }
            return padded(value)

        case .cString, .wideString, .object:
            if let precision, value.count > precision {
                return padded(String(value.prefix(precision)))
            }
            return padded(value)

        case .upperDecimal, .upperUnsigned, .upperOctal:
            var lower = self
            lower.conversion = conversion.canonical
            return try lower.render(value, argument: argument, symbols: symbols)

        case .pointer, .pascalString, .writtenCount:
            // An address, a Pascal string in memory, a write through a pointer: nothing
            // a text argument can stand for.
            throw .unsupportedSpecifier(source)
        }
    }

    /// ``render(_:argument:symbols:)`` appended to `output`. A whole-number argument of
    /// a bare `%d %i %u` (any length modifier, no flags, width or precision: the usual
    /// count) is grouped straight into `output`, with no digit array or
    /// intermediate strings: the general path's result for it is only the minus sign
    /// and the grouped digits.
    func render(
        _ value: String, argument: Int, symbols: NumberSymbols, to output: inout String
    ) throws(FormatError) {
        if isBareInteger, let (magnitude, isNegative) = Self.plainInteger(value, allowsMinus: conversion != .unsigned) {
            if isNegative { output += symbols.minusSign }
            symbols.appendGroupedInteger(magnitude, to: &output)
            return
        }
        output += try render(value, argument: argument, symbols: symbols)
    }

    /// `%d %i %u` (any length) with no flags, width or precision.
    private var isBareInteger: Bool {
        switch conversion {
        case .decimal, .integer, .unsigned: flags.isEmpty && width == nil && precision == nil
        default: false
        }
    }

    /// An optional `-` (when allowed) and 1–18 ASCII digits: the magnitude, and whether
    /// it is negative (`-0` is not); else nil. What the general path reads such a text as.
    static func plainInteger(_ value: String, allowsMinus: Bool) -> (magnitude: UInt64, isNegative: Bool)? {
        var hasMinus = false
        var isFirst = true
        var magnitude: UInt64 = 0
        var count = 0
        // One pass over the view (slicing it, to drop the sign, costs more than the digits).
        for byte in value.utf8 {
            if isFirst {
                isFirst = false
                if allowsMinus, byte == UInt8(ascii: "-") {
                    hasMinus = true
                    continue
                }
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < 18 else { return nil }
            magnitude = magnitude * 10 + UInt64(byte - UInt8(ascii: "0"))
            count += 1
        }
        return count > 0 ? (magnitude, hasMinus && magnitude != 0) : nil
    }

    /// The value of 1–18 ASCII digits (always within `Int64`), else nil.
    private static func plainDigits(_ value: String) -> UInt64? {
        var magnitude: UInt64 = 0
        var count = 0
        for byte in value.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < 18 else { return nil }
            magnitude = magnitude * 10 + UInt64(byte - UInt8(ascii: "0"))
            count += 1
        }
        return count > 0 ? magnitude : nil
    }

    /// `%d %i %u`: grouped digits, the fraction as written (`1.0` → `1,0` in German).
    private func renderDecimal(
        magnitude: UInt64, isNegative: Bool, fraction: [UInt8], symbols: NumberSymbols
    ) -> String {
        var digits = Array(String(magnitude).utf8)
        // CF hands zero padding to ICU as a minimum digit count, so the padding is
        // grouped and the sign is not counted: `%05d` of -1 is `-00,001`.
        if precision == nil, fraction.isEmpty, flags.contains(.zeroPad), !flags.contains(.leftAlign),
            let width, digits.count < width
        {
            digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count), at: 0)
        }
        if let precision, fraction.isEmpty {
            if precision == 0, magnitude == 0 {
                digits = []
            } else if digits.count < precision {
                digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: precision - digits.count), at: 0)
            }
        }
        var body = ""
        symbols.appendGroupedDigits(digits, to: &body)
        if !fraction.isEmpty {
            body += symbols.decimalSeparator
            symbols.appendDigits(fraction, to: &body)
        }
        return signedAndPadded(body, isNegative: isNegative, symbols: symbols, zeroPadAllowed: precision == nil)
    }

    /// `%x %X %o`: ASCII digits, `#` prefix, never grouped.
    private func renderRadix(_ magnitude: UInt64) -> String {
        let radix = conversion == .octal ? 8 : 16
        var digits = String(magnitude, radix: radix, uppercase: conversion == .upperHex)
        if let precision {
            if precision == 0, magnitude == 0 {
                digits = ""
            } else if digits.count < precision {
                digits = String(repeating: "0", count: precision - digits.count) + digits
            }
        }
        var prefix = ""
        if flags.contains(.alternate) {
            if conversion == .octal {
                if !digits.hasPrefix("0") { digits = "0" + digits }
            } else if magnitude != 0 {
                prefix = conversion == .upperHex ? "0X" : "0x"
            }
        }
        return padded(digits, prefix: prefix, zero: precision == nil ? "0" : nil)
    }

    /// `%f`: grouped, rounded on the decimal digits as written (see
    /// `NumberLiteral.fixedDigits(precision:)`), so it agrees with Foundation.
    private func renderFixed(_ literal: NumberLiteral, symbols: NumberSymbols) -> String {
        let (integer, fraction) = literal.fixedDigits(precision: precision ?? 6)
        var body = ""
        symbols.appendGroupedDigits(integer, to: &body)
        if !fraction.isEmpty || flags.contains(.alternate) {
            body += symbols.decimalSeparator
            symbols.appendDigits(fraction, to: &body)
        }
        // printf keeps the sign of a negative value that rounds to zero (`-0.00`). CF fills
        // the zero flag's padding with spaces after the sign (`%07.1f` of -1.5 is `-   1.5`).
        return signedAndPadded(body, isNegative: literal.isNegative, symbols: symbols, zeroPadAllowed: true,
                               zeroFill: " ")
    }

    /// `%e %g %a`: C's digits (correctly rounded from the binary value), then laid out
    /// as CF's ICU patterns do.
    private func renderFloatingPoint(_ number: Double, symbols: NumberSymbols) -> String {
        let isNegative = number.sign == .minus
        switch conversion {
        case .hexFloat, .upperHexFloat:
            let cText = Self.cFormat(
                conversion: conversion, alternate: flags.contains(.alternate), precision: precision,
                magnitude: number.magnitude)
            let sign = isNegative ? "-" : flags.contains(.plusSign) ? "+" : flags.contains(.space) ? " " : ""
            let prefixLength = 2  // "0x"
            let prefix = sign + String(cText.prefix(prefixLength))
            return padded(String(cText.dropFirst(prefixLength)), prefix: prefix, zero: "0")
        case .general, .upperGeneral:
            // CF pads `%0Ng` with ASCII zeros even where the digits are not ASCII.
            return signedAndPadded(general(number.magnitude, symbols: symbols), isNegative: isNegative,
                                   symbols: symbols, zeroPadAllowed: true, zeroFill: "0")
        default:
            // CF ignores `#` here (`%#.0e` is `1E+03`) and, as for `%f`, fills the zero flag's
            // padding with spaces after the sign (`%010.2e` of -1234.5 is `- 1.23E+03`).
            let fractionDigits = precision ?? 6
            let rounded = DecimalSignificand(number.magnitude).rounded(toSignificant: fractionDigits + 1)
            var mantissa = rounded.digits(count: fractionDigits + 1)
            if fractionDigits > 0 { mantissa.insert(UInt8(ascii: "."), at: 1) }
            let exponent = rounded.isZero ? 0 : rounded.exponent
            return signedAndPadded(scientific(mantissa, exponent, symbols: symbols), isNegative: isNegative,
                                   symbols: symbols, zeroPadAllowed: true, zeroFill: " ")
        }
    }

    /// `%g`: ICU significant digits. Scientific when the value is below 1e-4 or above
    /// 10^precision (`%g` of 1e6 is `1,000,000`, of 1e7 `1E+07`); otherwise
    /// grouped; trailing fraction zeros dropped either way (`#` changes nothing).
    private func general(_ magnitude: Double, symbols: NumberSymbols) -> String {
        let significant = max(precision ?? 6, 1)
        guard magnitude != 0 else { return symbols.zeroDigitString }
        let rounded = DecimalSignificand(magnitude).rounded(toSignificant: significant)
        let exponent = rounded.exponent
        // At exactly `significant` digits ICU keeps plain notation only for values up to
        // 10^precision before rounding (`%.2g`: 99.5 → `100`, but 101 → `1E+02`).
        let limit = (0..<significant).reduce(1.0) { value, _ in value * 10 }
        if exponent < -4 || exponent > significant || (exponent == significant && magnitude > limit) {
            var mantissa = rounded.digits
            if mantissa.count > 1 { mantissa.insert(UInt8(ascii: "."), at: 1) }
            return scientific(mantissa, exponent, symbols: symbols)
        }
        let (integer, fraction) = rounded.fixedParts
        var body = ""
        symbols.appendGroupedDigits(integer, to: &body)
        if !fraction.isEmpty {
            body += symbols.decimalSeparator
            symbols.appendDigits(fraction, to: &body)
        }
        return body
    }

    /// ICU's scientific layout: mantissa, the exponent symbol, the exponent's sign
    /// (always written) and at least two digits, all in the locale's symbols.
    private func scientific(_ mantissa: [UInt8], _ exponent: Int, symbols: NumberSymbols) -> String {
        var body = ""
        for byte in mantissa {
            if byte == UInt8(ascii: ".") {
                body += symbols.decimalSeparator
            } else {
                body.unicodeScalars.append(symbols.nativeDigit(byte))
            }
        }
        body += symbols.exponentSymbol
        body += exponent < 0 ? symbols.minusSign : symbols.plusSign
        var digits = Array(String(exponent.magnitude).utf8)
        if digits.count < 2 { digits.insert(UInt8(ascii: "0"), at: 0) }
        symbols.appendDigits(digits, to: &body)
        return body
    }

    /// Adds the sign (`-`, or `+`/space by flag) and pads to the width; zero padding
    /// goes between sign and digits, in the language's zero digit.
    private func signedAndPadded(
        _ body: String, isNegative: Bool, symbols: NumberSymbols, zeroPadAllowed: Bool, zeroFill: String? = nil
    ) -> String {
        let sign: String
        if isNegative {
            sign = symbols.minusSign
        } else if conversion != .unsigned, flags.contains(.plusSign) {
            sign = symbols.plusSign
        } else if conversion != .unsigned, flags.contains(.space) {
            sign = " "
        } else {
            sign = ""
        }
        return padded(body, prefix: sign, zero: zeroPadAllowed ? zeroFill ?? symbols.zeroDigitString : nil)
    }

    /// Pads `prefix + body` to the width: spaces on the left (or right with `-`), or
    /// `zero` between prefix and body with the `0` flag.
    private func padded(_ body: String, prefix: String = "", zero: String? = nil) -> String {
        guard let width else { return prefix + body }
        let length = prefix.count + body.count
        guard length < width else { return prefix + body }
        let fill = width - length
        if flags.contains(.leftAlign) {
            return prefix + body + String(repeating: " ", count: fill)
        }
        if flags.contains(.zeroPad), let zero {
            return prefix + String(repeating: zero, count: fill) + body
        }
        return String(repeating: " ", count: fill) + prefix + body
    }

    /// Formats a non-negative finite number with C's `snprintf`, which rounds correctly.
    private static func cFormat(
        conversion: Conversion, alternate: Bool, precision: Int?, magnitude: Double
    ) -> String {
        let format = "%" + (alternate ? "#" : "") + ".*" + String(conversion.rawValue)
        // `%a` without precision prints the exact value; -1 asks C for that default.
        let isHex = conversion == .hexFloat || conversion == .upperHexFloat
        let cPrecision = Int32(precision ?? (isHex ? -1 : 6))
        var buffer = [CChar](repeating: 0, count: 128)
        var length = withVaList([cPrecision, magnitude]) { arguments in
            vsnprintf(&buffer, buffer.count, format, arguments)
        }
        if length >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(length) + 1)
            length = withVaList([cPrecision, magnitude]) { arguments in
                vsnprintf(&buffer, buffer.count, format, arguments)
            }
        }
        guard length > 0 else { return "0" }
        return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
