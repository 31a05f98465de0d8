/// One argument a format string reads, numbered as CoreFoundation numbers it.
package struct FormatArgumentRead: Sendable, Hashable {
    /// The 1-based argument number.
    package var number: Int
    /// What the argument is read as; `nil` for a `%#@name@` substitution.
    package var kind: FormatSpecifier.Conversion.Kind?
    /// The token that reads it (`%*d` for both its width and its value).
    package var source: String
}

extension FormatToken {
    /// Every argument `text` reads, in order, without entering plural variants: a
    /// specifier's `*` width, `*` precision and value (``FormatSpecifier/argumentReads``),
    /// and one for each `%#@name@`. Positional reads (`%2$@`, `%*3$d`) take their number;
    /// the others the next number of a counter only they advance (CF's rule, the one
    /// ``LabelFormatter`` renders with).
    package static func argumentReads(in text: String) -> [FormatArgumentRead] {
        var cursor = ArgumentCursor()
        var reads: [FormatArgumentRead] = []
        for token in tokens(in: text) {
            switch token {
            case .specifier(let specifier):
                for read in specifier.argumentReads {
                    reads.append(FormatArgumentRead(number: cursor.take(position: read.position), kind: read.kind,
                                                    source: specifier.source))
                }
            case .substitution(let substitution):
                let number = cursor.takeForVariable(position: substitution.position, argumentNumber: nil)
                reads.append(FormatArgumentRead(number: number, kind: nil, source: substitution.source))
            case .literal, .invalid:
                continue
            }
        }
        return reads
    }
}
