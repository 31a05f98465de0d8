/// One piece of an Apple format string: text, a conversion, a `%#@name@` substitution,
/// or a `%` sequence that is not a valid specifier.
///
/// Produced by ``tokens(in:)``. The formatter renders these; the linter compares the
/// specifiers of two languages through them. Concatenating every token's
/// ``source`` gives back the original string.
package enum FormatToken: Sendable, Hashable {
    /// Text printed as is. `%%` arrives here already decoded to `%`.
    case literal(String)
    /// A conversion that consumes one argument (`%d`, `%1$@`, `%.2f`...), or more for a
    /// `*` width or precision (`%*d` reads two: ``FormatSpecifier/argumentReads``).
    case specifier(FormatSpecifier)
    /// A plural substitution `%#@name@` (also `%1$#@name@`).
    case substitution(FormatSubstitution)
    /// A `%` that does not start a valid specifier (a lone `%` at the end, `%k`,
    /// `%*k`...). Consumes no argument and prints what CF prints (the first character
    /// after `%`, or nothing when the string ends the sequence: `FormatScanner.printedText(ofInvalid:)`).
    /// The payload is the consumed source text, starting with `%` and, when a
    /// character that is no conversion ends it, including that character (`%5y`).
    case invalid(String)

    /// The exact text this token was read from (`%%` for a decoded percent sign).
    package var source: String {
        switch self {
        case .literal(let text): text.replacingPercentSigns()
        case .specifier(let specifier): specifier.source
        case .substitution(let substitution): substitution.source
        case .invalid(let text): text
        }
    }
}

/// A `%#@name@` plural substitution in a format string or variant.
package struct FormatSubstitution: Sendable, Hashable {
    /// The argument position from `%1$#@name@`; `nil` when not positional. In CF's
    /// `%1#@name@` the `1` is a field width, so that form is not positional.
    package var position: Int?
    /// The variable name between the `@` signs.
    package var name: String
    /// The exact source text, e.g. `%1$#@passwords@`.
    package var source: String

    package init(position: Int?, name: String, source: String) {
        self.position = position
        self.name = name
        self.source = source
    }
}

extension String {
    /// Re-escapes `%` as `%%`, so a decoded literal prints back as format source.
    fileprivate func replacingPercentSigns() -> String {
        guard contains("%") else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 2)
        for character in self {
            if character == "%" { result += "%%" } else { result.append(character) }
        }
        return result
    }
}

extension FormatToken {
    /// What `String(format:)` prints for an ``invalid(_:)`` token's source (CF's rules,
    /// see `FormatScanner.printedText(ofInvalid:)`): for converters that must print the
    /// same text with another formatter.
    package static func printedText(ofInvalid source: String) -> String {
        FormatScanner.printedText(ofInvalid: source)
    }
}
