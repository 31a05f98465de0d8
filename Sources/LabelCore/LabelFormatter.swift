/// Renders localized strings with Apple format specifiers, plural substitutions and
/// locale-aware numbers, as `String.localizedStringWithFormat` does with a
/// `.stringsdict` on Apple platforms.
///
/// Arguments are the request's texts: `count` is argument 1, each `arg=` follows.
/// Each is typed by the specifier that consumes it (``FormatError/Expectation``).
///
/// Argument numbering:
/// - `%2$d` reads argument 2; a non-positional specifier reads the next argument
///   of a counter that only non-positional specifiers advance (CF's rule), so
///   mixing both kinds works.
/// - `%#@name@` reads one argument: the variable's `argumentNumber` if the file sets
///   one, else its own position (`%1$#@name@`) or the next one in order. Its
///   category comes from that argument as written (`1.0` is `other` in German);
///   an explicit `zero` variant wins for 0 in every language; a missing category
///   falls back to `other`.
/// - In the chosen variant text, non-positional specifiers (and nested non-positional
///   `%#@…@`) read the variable's own argument; positional ones read the global list.
///   (String Catalog's `%arg` is rewritten to `%` + value type by its parser.)
/// - `%#@name@` with no such variable is printed literally and reads nothing.
/// - `%%` prints `%`; an incomplete or unknown specifier (`%` at the end, `%k`, `%*d`)
///   is printed literally. As in CF, `50% off` contains `% o` (octal), which reads an
///   argument.
public enum LabelFormatter {
    /// Deepest nesting of `%#@…@` inside variants before rendering gives up.
    public static let maximumSubstitutionDepth = 8
    /// Most `%#@…@` expansions in one rendering, so variants that each hold many
    /// nested substitutions cannot blow up exponentially.
    public static let maximumSubstitutions = 256

    /// How many arguments the string reads: the highest argument number over the
    /// template and every variant of every variable it reaches, counting each
    /// `%#@var@`. Zero for a plain string.
    public static func argumentCount(of string: LocalizedString) -> Int {
        var counter = ArgumentCounter(variables: string.variables)
        counter.visit(string.template, ownArgument: nil, depth: 0)
        return counter.maximum
    }

    /// Renders `string` with `arguments` for `language` (the language the string was
    /// found in, which picks both the plural rules and the number symbols).
    ///
    /// Extra arguments are ignored, as `printf` does; only arguments actually read
    /// (in the chosen variants) must be present and well-typed.
    ///
    /// - Parameter tokens: The string's texts already tokenized (at catalog load),
    ///   so the request path does not scan format strings again.
    public static func render(
        _ string: LocalizedString, arguments: [String], language: String, tokens: FormatTokenTable? = nil
    ) throws(FormatError) -> RenderedLabel {
        // Most labels have no specifier at all.
        guard string.template.utf8.contains(UInt8(ascii: "%")) else {
            return RenderedLabel(value: string.template)
        }
        var renderer = LabelRenderer(variables: string.variables, arguments: arguments, language: language, tokens: tokens)
        try renderer.render(string.template, ownArgument: nil, depth: 0)
        return RenderedLabel(value: renderer.output, pluralCategory: renderer.firstCategory,
                             pluralMiss: renderer.firstMissing)
    }
}

/// Hands out argument numbers in one text (template or variant).
private struct ArgumentCursor {
    /// The plural variable's argument when reading a variant text.
    let ownArgument: Int?
    private var next = 1

    init(ownArgument: Int?) { self.ownArgument = ownArgument }

    /// The argument a specifier with this position reads.
    mutating func take(position: Int?) -> Int {
        if let position { return position }
        if let ownArgument { return ownArgument }
        defer { next += 1 }
        return next
    }
}

private struct LabelRenderer {
    let variables: [String: PluralVariable]
    let arguments: [String]
    let language: String
    var output = ""
    var firstCategory: PluralCategory?
    var firstMissing: PluralMiss?
    private var substitutionCount = 0
    private var cachedSymbols: NumberSymbols?
    private var cachedRules: PluralRules?
    private let tokens: FormatTokenTable?

    init(variables: [String: PluralVariable], arguments: [String], language: String, tokens: FormatTokenTable?) {
        self.variables = variables
        self.arguments = arguments
        self.language = language
        self.tokens = tokens
    }

    private mutating func symbols() -> NumberSymbols {
        if let cachedSymbols { return cachedSymbols }
        let symbols = NumberSymbols.forLanguage(language)
        cachedSymbols = symbols
        return symbols
    }

    private mutating func rules() -> PluralRules {
        if let cachedRules { return cachedRules }
        let rules = PluralRules.forLanguage(language)
        cachedRules = rules
        return rules
    }

    private func argument(_ number: Int) throws(FormatError) -> String {
        guard number >= 1, number <= arguments.count else { throw .missingArgument(number) }
        return arguments[number - 1]
    }

    mutating func render(
        _ text: String, ownArgument: Int?, depth: Int
    ) throws(FormatError) {
        let tokens = self.tokens?.tokens(for: text) ?? FormatToken.tokens(in: text)
        var cursor = ArgumentCursor(ownArgument: ownArgument)
        for token in tokens {
            switch token {
            case .literal(let literal):
                output += literal
            case .invalid(let source):
                output += source
            case .specifier(let specifier):
                let number = cursor.take(position: specifier.position)
                let value = try argument(number)
                output += try specifier.render(value, argument: number, symbols: symbols())
            case .substitution(let substitution):
                guard let variable = variables[substitution.name] else {
                    output += substitution.source
                    continue
                }
                let slot = cursor.take(position: substitution.position)
                let number = variable.argumentNumber ?? slot
                substitutionCount += 1
                guard depth < LabelFormatter.maximumSubstitutionDepth,
                    substitutionCount <= LabelFormatter.maximumSubstitutions
                else { throw .substitutionTooDeep(variable: substitution.name) }
                let variant = try variantText(of: variable, named: substitution.name, argument: number)
                try render(variant, ownArgument: number, depth: depth + 1)
            }
        }
    }

    /// The variant for the plural category of argument `number`.
    private mutating func variantText(
        of variable: PluralVariable, named name: String, argument number: Int
    ) throws(FormatError) -> String {
        let value = try argument(number)
        let expectsInteger = variable.valueType.map(isIntegerValueType) ?? false
        guard let literal = NumberLiteral(value), !expectsInteger || literal.isIntegerAsWritten,
            let operands = PluralOperands(value)
        else {
            // When every variant is the same text the category cannot matter; Mastodon's
            // `%#@names@` (empty variants) only exists to consume a string argument.
            if let first = variable.variants.values.first,
                variable.variants.values.allSatisfy({ $0 == first })
            {
                return first
            }
            let expectation: FormatError.Expectation = expectsInteger ? .integer : .number
            throw .typeMismatch(argument: number, expected: expectation.rawValue, value: value)
        }
        let category: PluralCategory =
            variable.variants[.zero] != nil && literal.isZero ? .zero : rules().category(for: operands)
        if firstCategory == nil { firstCategory = category }
        if firstMissing == nil, variable.variants[category] == nil {
            firstMissing = PluralMiss(variable: name, category: category)
        }
        guard let text = variable.variants[category] ?? variable.variants[.other] else {
            throw .missingVariant(variable: name, category: category)
        }
        return text
    }
}

/// Whether a `NSStringFormatValueTypeKey` (`d`, `ld`, `lld`, `u`...) is an integer type.
private func isIntegerValueType(_ valueType: String) -> Bool {
    guard let last = valueType.last else { return false }
    return "diuoxXc".contains(last)
}

/// Walks a string and every variant it can reach, recording the highest argument.
private struct ArgumentCounter {
    let variables: [String: PluralVariable]
    var maximum = 0
    /// Variables already walked with a given own argument: walking again adds nothing,
    /// and skipping keeps cycles and fan-out cheap.
    private var visited: Set<Visit> = []

    private struct Visit: Hashable {
        var name: String
        var argument: Int
    }

    init(variables: [String: PluralVariable]) { self.variables = variables }

    mutating func visit(_ text: String, ownArgument: Int?, depth: Int) {
        var cursor = ArgumentCursor(ownArgument: ownArgument)
        for token in FormatToken.tokens(in: text) {
            switch token {
            case .literal, .invalid:
                continue
            case .specifier(let specifier):
                maximum = max(maximum, cursor.take(position: specifier.position))
            case .substitution(let substitution):
                guard let variable = variables[substitution.name] else { continue }
                let slot = cursor.take(position: substitution.position)
                let number = variable.argumentNumber ?? slot
                maximum = max(maximum, number)
                guard depth < LabelFormatter.maximumSubstitutionDepth,
                    visited.insert(Visit(name: substitution.name, argument: number)).inserted
                else { continue }
                for category in variable.variants.keys.sorted() {
                    visit(variable.variants[category] ?? "", ownArgument: number, depth: depth + 1)
                }
            }
        }
    }
}
