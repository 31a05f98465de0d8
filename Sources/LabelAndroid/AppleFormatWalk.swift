import LabelCore

/// An Apple format string (one plural variable's variant spliced in) as the pieces
/// `String.localizedStringWithFormat` prints: text, and specifiers with the argument
/// each reads, numbered exactly as LabelCore's formatter numbers them (a positional
/// specifier reads its position; the others a counter only they advance; a variant's
/// first non-positional specifier reads the variable's own argument).
struct AppleFormatWalk {
    enum Piece: Equatable {
        case text(String)
        case argument(FormatSpecifier, number: Int)
    }

    enum Failure: Error, Equatable {
        case twoVariables
    }

    private(set) var pieces: [Piece] = []
    /// The plural variable the walk expanded, with the argument it reads.
    private(set) var variable: (name: String, argument: Int)?
    /// LabelCore's numbering, the one the formatter renders with.
    private var cursor = ArgumentCursor()
    /// Arguments read by `*` widths and precisions.
    private var starArguments: [Int] = []

    /// Walks `template`; a `%#@name@` of a variable in `variables` is replaced by
    /// `variant(name)`. A second variable anywhere (template or variant) fails.
    static func walk(_ template: String, variables: [String: PluralVariable],
                     variant: (String) -> String) throws(Failure) -> AppleFormatWalk {
        var walk = AppleFormatWalk()
        try walk.visit(template, variables: variables, variant: variant)
        return walk
    }

    /// The highest argument number read (the variable's included).
    var argumentCount: Int {
        var maximum = max(variable?.argument ?? 0, starArguments.max() ?? 0)
        for case .argument(_, let number) in pieces { maximum = max(maximum, number) }
        return maximum
    }

    private mutating func visit(_ text: String, variables: [String: PluralVariable],
                                variant: (String) -> String) throws(Failure) {
        guard text.utf8.contains(UInt8(ascii: "%")) else {
            if !text.isEmpty { pieces.append(.text(text)) }
            return
        }
        for token in FormatToken.tokens(in: text) {
            switch token {
            case .literal(let literal):
                pieces.append(.text(literal))
            case .invalid(let source):
                let printed = FormatToken.printedText(ofInvalid: source)
                if !printed.isEmpty { pieces.append(.text(printed)) }
            case .specifier(let specifier):
                // A `*` width or precision reads its own argument first (CF's order);
                // Java has none, so such a specifier is refused, but the count stays CF's.
                for read in specifier.argumentReads.dropLast() { starArguments.append(cursor.take(position: read.position)) }
                pieces.append(.argument(specifier, number: cursor.take(position: specifier.position)))
            case .substitution(let substitution):
                guard let found = variables[substitution.name] else {
                    pieces.append(.text(substitution.source))  // printed literally, reads nothing
                    continue
                }
                guard variable == nil else { throw .twoVariables }
                let number = cursor.takeForVariable(position: substitution.position, argumentNumber: found.argumentNumber)
                variable = (substitution.name, number)
                let outer = cursor
                cursor = outer.entering(own: number)
                try visit(variant(substitution.name), variables: variables, variant: variant)
                let inner = cursor
                cursor = outer
                cursor.leaving(inner)
            }
        }
    }
}
