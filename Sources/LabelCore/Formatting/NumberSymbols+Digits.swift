extension NumberSymbols {
    /// Appends ASCII digits in the language's digits, without grouping.
    func appendDigits(_ asciiDigits: some Sequence<UInt8>, to output: inout String) {
        if zeroDigit == "0" {
            // ASCII digits are valid UTF-8 as they are: appending through
            // String(decoding:) is far cheaper than the scalar view.
            output += String(decoding: Array(asciiDigits), as: UTF8.self)
            return
        }
        for digit in asciiDigits {
            output.unicodeScalars.append(nativeDigit(digit))
        }
    }

    /// ``appendDigits(_:to:)`` for bytes already contiguous (no array copied).
    func appendDigits(_ asciiDigits: UnsafeBufferPointer<UInt8>, to output: inout String) {
        if zeroDigit == "0" {
            output += String(decoding: asciiDigits, as: UTF8.self)
            return
        }
        for digit in asciiDigits {
            output.unicodeScalars.append(nativeDigit(digit))
        }
    }

    /// Appends the integer digits with the language's grouping and digits.
    func appendGroupedDigits(_ asciiDigits: [UInt8], to output: inout String) {
        asciiDigits.withUnsafeBufferPointer { appendGroupedDigits($0, to: &output) }
    }

    /// ``appendGroupedDigits(_:to:)`` for contiguous bytes: each group is appended
    /// straight from them (no array per group).
    func appendGroupedDigits(_ asciiDigits: UnsafeBufferPointer<UInt8>, to output: inout String) {
        let count = asciiDigits.count
        guard primaryGroupingSize > 0, count >= primaryGroupingSize + minimumGroupingDigits else {
            appendDigits(asciiDigits, to: &output)
            return
        }
        // Digits before the first separator; the rest are whole groups.
        let secondary = max(secondaryGroupingSize, 1)
        let abovePrimary = count - primaryGroupingSize
        var groupStart = abovePrimary % secondary
        if groupStart == 0 { groupStart = secondary }
        appendDigits(UnsafeBufferPointer(rebasing: asciiDigits[0..<groupStart]), to: &output)
        var index = groupStart
        while index < abovePrimary {
            output += groupingSeparator
            appendDigits(UnsafeBufferPointer(rebasing: asciiDigits[index..<(index + secondary)]), to: &output)
            index += secondary
        }
        output += groupingSeparator
        appendDigits(UnsafeBufferPointer(rebasing: asciiDigits[abovePrimary...]), to: &output)
    }

    /// Appends a whole number grouped, in the language's digits, as `%d` writes it
    /// without flags, width or precision: what ``appendGroupedDigits(_:to:)`` gives
    /// for `String(magnitude)`, with the digits made on the stack instead.
    func appendGroupedInteger(_ magnitude: UInt64, to output: inout String) {
        // UInt64.max has 20 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var start = buffer.count
            var rest = magnitude
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            appendGroupedDigits(UnsafeBufferPointer(rebasing: buffer[start...]), to: &output)
        }
    }

    /// The language's digit for an ASCII digit byte.
    func nativeDigit(_ asciiDigit: UInt8) -> Unicode.Scalar {
        numberingSystem.digit(forASCII: asciiDigit)
    }

    /// The language's zero digit as a one-character string, for padding.
    var zeroDigitString: String { String(Character(zeroDigit)) }
}
