/// ar-XB: aapt2's `PseudoMethodBidi`.
extension Pseudolocalizer {
    static let wordStart = [Unit.rightToLeftMark, Unit.rightToLeftOverride]
    static let wordEnd = [Unit.popDirectionalFormatting, Unit.rightToLeftMark]

    /// Every word (a run of non-space code units) wrapped in RLM RLO … PDF RLM; a backslash
    /// escapes the next unit (`\n`, `\t` count as spaces), as aapt2 reads it. A `%#@name@`
    /// substitution is copied unwrapped and ends the word before it: its variant is
    /// wrapped on its own.
    static func bidiText(_ text: [UInt16]) -> [UInt16] {
        var output: [UInt16] = []
        output.reserveCapacity(text.count * 2)
        var lastSpace = true
        var escape = false
        var index = 0
        while index < text.count {
            let unit = text[index]
            index += 1
            if !escape && unit == Unit.percent, case .substitution(let count) = appleFormat(text, at: index - 1) {
                if !lastSpace { output += wordEnd }
                lastSpace = true
                output += text[(index - 1)..<(index - 1 + count)]
                index += count - 1
                continue
            }
            if !escape && unit == Unit.backslash {
                escape = true
                continue
            }
            let space = escape
                ? unit == UInt16(UInt8(ascii: "n")) || unit == UInt16(UInt8(ascii: "t"))
                : Unit.isSpace(unit)
            if lastSpace && !space {
                output += wordStart
            } else if !lastSpace && space {
                output += wordEnd
            }
            lastSpace = space
            if escape {
                output.append(Unit.backslash)
                escape = false
            }
            output.append(unit)
        }
        if !lastSpace { output += wordEnd }
        return output
    }
}
