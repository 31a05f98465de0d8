import LabelCore

extension Linter {
    /// The letters of CLDR date pattern fields (UTS #35): `y` year, `M`/`L` month, `d`
    /// day, `E` weekday, `h`/`H`/`k`/`K` hour, `m` minute, `s` second, `a` period...
    static let datePatternLetters: Set<Unicode.Scalar> = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx".unicodeScalars)

    /// Whether a value is a format template rather than prose, so the wording rules do
    /// not hold it to a label's or hint's grammar:
    ///
    /// - with its format specifiers (`%@`, `%1$d`, `%#@n@`) taken out, it has no letter at
    ///   all (`%@`, `%1$@ – %2$@`, `%d%%`, `#,##0.00`); or
    /// - with its quoted literals (`'at'`, CLDR's quoting) taken out, every run of letters
    ///   is one date pattern letter repeated at most 6 times (`MMM d`, `h:mm a`,
    ///   `yyyy-MM-dd`, `d. MMM H:mm`, `EEEE, d 'de' MMMM`).
    ///
    /// Words such as `Add` or `Hmm` mix letters and stay prose; a lone `a` or `d` counts
    /// as a template (nothing to capitalize or punctuate either way). One pass over the
    /// scalars; prose is usually refused at its first word.
    static func isFormatTemplate(_ text: String) -> Bool {
        var literal = text
        if text.utf8.contains(UInt8(ascii: "%")) {
            literal = ""
            for token in FormatToken.tokens(in: text) {
                if case .literal(let part) = token { literal += part } else { literal += " " }
            }
        }
        let scalars = literal.unicodeScalars
        // A quote opens a literal only when a later one closes it; `''` is a quote sign.
        let lastQuote = scalars.lastIndex(of: "'")
        var sawLetter = false
        var sawField = false
        var run: (letter: Unicode.Scalar, count: Int)?
        var quoted = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            defer { index = scalars.index(after: index) }
            if scalar == "'" {
                if quoted || index < lastQuote! { quoted.toggle() }
                run = nil
                continue
            }
            let letter = scalar.isASCII ? (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A : scalar.properties.isAlphabetic
            guard letter else {
                run = nil
                continue
            }
            sawLetter = true
            if quoted { continue }
            guard datePatternLetters.contains(scalar) else { return false }
            if let current = run {
                guard current.letter == scalar, current.count < 6 else { return false }
                run = (scalar, current.count + 1)
            } else {
                run = (scalar, 1)
                sawField = true
            }
        }
        return sawField || !sawLetter
    }
}
