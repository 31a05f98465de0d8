import LabelCore

extension Linter {
    /// The letters of CLDR date pattern fields (UTS #35): `y` year, `M`/`L` month, `d`
    /// day, `E` weekday, `h`/`H`/`k`/`K` hour, `m` minute, `s` second, `a` period...
    static let datePatternLetters: Set<Character> = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx")

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
    /// as a template (nothing to capitalize or punctuate either way).
    static func isFormatTemplate(_ text: String) -> Bool {
        var literal = ""
        for token in FormatToken.tokens(in: text) {
            if case .literal(let part) = token { literal += part } else { literal += " " }
        }
        guard literal.contains(where: \.isLetter) else { return true }
        var sawField = false
        var run: (letter: Character, count: Int)?
        var quoted = false
        var index = literal.startIndex
        while index < literal.endIndex {
            let character = literal[index]
            index = literal.index(after: index)
            if character == "'" {
                // A quote opens a literal only when one closes it; `''` is a quote sign.
                if quoted || literal[index...].contains("'") { quoted.toggle() }
                run = nil
                continue
            }
            if quoted { continue }
            guard character.isLetter else {
                run = nil
                continue
            }
            guard datePatternLetters.contains(character) else { return false }
            if let current = run, current.letter == character {
                guard current.count < 6 else { return false }
                run = (character, current.count + 1)
            } else if run != nil {
                return false
            } else {
                run = (character, 1)
                sawField = true
            }
        }
        return sawField
    }
}
