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
/// - The chosen variant is spliced where `%#@name@` stood, as Apple does: its first
///   non-positional specifier reads the variable's own argument, the following ones
///   read the next arguments (`%d von %d Münzen` with `3, 10` → `3 von 10 Münzen`), and
///   the enclosing text continues after the last argument the variant read. A nested
///   non-positional `%#@b@` binds to b's own argument (its `argumentNumber`, else the
///   next one), never to the enclosing variable's. Positional ones read the global list.
///   (String Catalog's `%arg` is rewritten to `%` + value type by its parser.)
/// - `%#@name@` with no such variable is printed literally and reads nothing.
/// - The reported plural category is the variant actually used (`other` when the
///   rules ask for a category the variable lacks).
/// - `%%` prints `%`; an incomplete or unknown specifier reads nothing and prints what
///   `String(format:)` prints on Linux: a `%` sequence cut off by the end of the string
///   prints nothing (`100%` → `100`), one ended by a character that is no conversion
///   prints its first character after `%` (`a %y b` → `a y b`, `%5y` → `5`). A `*`
///   width or precision reads an integer argument before the value, as in CF (`%*d`
///   with `5, 42` → `   42`; at most 999 either way). `%D %U %O` print as `%d %u %o`;
///   `%p %P %n` are refused (``FormatError/unsupportedSpecifier(_:)``). As in CF, `50% off` contains `% o`
///   (octal), which reads an argument. Corelibs CF also knows no `'` flag (`%'d`
///   prints `'d` there); the grouping flag is kept, as on Apple platforms.
package enum LabelFormatter {
    /// Deepest nesting of `%#@…@` inside variants before rendering gives up.
    package static let maximumSubstitutionDepth = 8
    /// Most `%#@…@` expansions in one rendering, so variants that each hold many
    /// nested substitutions cannot blow up exponentially.
    package static let maximumSubstitutions = 256

    /// How many arguments the string reads: the highest argument number over the
    /// template and every variant of every variable it reaches, counting each
    /// `%#@var@`. Zero for a plain string.
    package static func argumentCount(of string: LocalizedString) -> Int {
        var counter = ArgumentCounter(variables: string.variables)
        counter.visit(string.template)
        return counter.maximum
    }

    /// Renders `string` with `arguments` for `language` (the language the string was
    /// found in, which picks the plural rules and, unless `numberLocale` is given, the
    /// number symbols).
    ///
    /// Extra arguments are ignored, as `printf` does; only arguments actually read
    /// (in the chosen variants) must be present and well-typed.
    ///
    /// - Parameter tokens: The string's texts already tokenized (at catalog load),
    ///   so the request path does not scan format strings again.
    /// - Parameter numberLocale: The locale numbers are written in (see ``NumberLocale``);
    ///   `nil` uses `language`.
    package static func render(
        _ string: LocalizedString, arguments: [String], language: String, numberLocale: String? = nil,
        tokens: FormatTokenTable? = nil
    ) throws(FormatError) -> RenderedLabel {
        // Most labels have no specifier at all.
        guard string.template.utf8.contains(UInt8(ascii: "%")) else {
            return unformatted(string.template, tokens: tokens, language: language)
        }
        var renderer = LabelRenderer(variables: string.variables, arguments: arguments, language: language,
                                     numberLocale: numberLocale ?? language, tokens: tokens)
        var cursor = ArgumentCursor()
        try renderer.render(string.template, cursor: &cursor, depth: 0)
        return renderer.finish()
    }

    /// ``render(_:arguments:language:numberLocale:tokens:)`` for a store entry: the plural
    /// rules and number symbols come from `formatting` (the entry's language, worked
    /// out once) instead of per-request lookups by name.
    static func render(
        _ string: LocalizedString, arguments: [String], formatting: LanguageFormatting,
        numbers: LanguageFormatting.NumberChoice, tokens: FormatTokenTable?
    ) throws(FormatError) -> RenderedLabel {
        guard string.template.utf8.contains(UInt8(ascii: "%")) else {
            return unformatted(string.template, tokens: tokens, language: formatting.language.rawValue)
        }
        var renderer = LabelRenderer(variables: string.variables, arguments: arguments,
                                     language: formatting.language.rawValue, numberLocale: numbers.locale.rawValue,
                                     tokens: tokens)
        renderer.useFormatting(formatting, numbers: numbers)
        var cursor = ArgumentCursor()
        try renderer.render(string.template, cursor: &cursor, depth: 0)
        return renderer.finish()
    }
}

struct LabelRenderer {
    let variables: [String: PluralVariable]
    let arguments: [String]
    let language: String
    let numberLocale: String
    var output = ""
    var firstCategory: PluralCategory?
    var firstMissing: PluralMiss?
    /// Argument runs and markup runs, in the order made (``finish()`` sorts them).
    var runs: [LabelRun] = []
    /// Where the specifiers and substitutions of the text being rendered went, while a text
    /// with markup is rendered (``render(markup:cursor:depth:)``); nil otherwise.
    var marks: [RenderedMark]?
    /// Whether a text may hold markup: the table says so, or (no table) every text is checked.
    let markupAware: Bool
    private var substitutionCount = 0
    private var cachedSymbols: NumberSymbols?
    private var cachedRules: PluralRules?
    let tokens: FormatTokenTable?
    /// The entry's language data, when rendering a store entry: symbols come from it.
    private var formatting: LanguageFormatting?
    private var numbers: LanguageFormatting.NumberChoice?

    init(variables: [String: PluralVariable], arguments: [String], language: String, numberLocale: String,
         tokens: FormatTokenTable?) {
        self.variables = variables
        self.arguments = arguments
        self.language = language
        self.numberLocale = numberLocale
        self.tokens = tokens
        markupAware = tokens?.hasMarkup ?? true
    }

    /// Takes plural categories from `formatting`, and number symbols from `numbers`
    /// (looked up through `formatting` when the first number is written).
    mutating func useFormatting(_ formatting: LanguageFormatting, numbers: LanguageFormatting.NumberChoice) {
        self.formatting = formatting
        self.numbers = numbers
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
        _ text: String, cursor: inout ArgumentCursor, depth: Int
    ) throws(FormatError) {
        if markupAware || marks != nil {
            try renderWithMarkup(text, cursor: &cursor, depth: depth)
            return
        }
        try renderPlain(text, cursor: &cursor, depth: depth)
    }

    /// A text without markup.
    mutating func renderPlain(
        _ text: String, cursor: inout ArgumentCursor, depth: Int
    ) throws(FormatError) {
        if let compiled = tokens?.compiled(for: text) {
            try render(compiled, cursor: &cursor, depth: depth)
            return
        }
        for token in FormatToken.tokens(in: text) {
            try render(token, cursor: &cursor, depth: depth)
        }
    }

    /// A tokenized text, walked mark by mark: literal runs are copied from the text's
    /// bytes, and a bare specifier (`%d`, `%@`) is rendered without building its
    /// token. (What `forEachPiece` gives, without its closures and token values.)
    mutating func render(
        _ compiled: FormatTokenTable.Compiled, cursor: inout ArgumentCursor, depth: Int
    ) throws(FormatError) {
        var position = 0
        for index in compiled.marks {
            let mark = compiled.storage.mark(at: index)
            let start = Int(mark.start)
            if start > position { compiled.appendText(position..<start, to: &output) }
            // Only while a text with markup is rendered: where this mark's output went.
            let before = marks == nil ? 0 : output.utf16.count
            defer { marks?.append(RenderedMark(source: start..<Int(mark.end), output: before..<output.utf16.count)) }
            if let specifier = mark.bareSpecifier {
                try render(specifier, cursor: &cursor)
            } else if mark.kind == .substitution {
                // The source text is only needed when there is no such variable.
                let name = mark.substitutionName(in: compiled.text)
                if try !render(substitutionNamed: name, position: mark.position < 0 ? nil : Int(mark.position),
                               cursor: &cursor, depth: depth) {
                    output += mark.token(in: compiled.text).source
                }
            } else {
                try render(mark.token(in: compiled.text), cursor: &cursor, depth: depth)
            }
            position = Int(mark.end)
        }
        let end = compiled.text.utf8.count
        if position < end { compiled.appendText(position..<end, to: &output) }
    }

    private mutating func render(_ specifier: FormatSpecifier, cursor: inout ArgumentCursor) throws(FormatError) {
        // CF traps on it, reads it otherwise elsewhere, or pads past what is rendered.
        if specifier.hazard != nil { throw .unsupportedSpecifier(specifier.source) }
        if specifier.hasStarArgument {
            try render(starred: specifier, cursor: &cursor)
            return
        }
        let number = cursor.take(position: specifier.position)
        let value = try argument(number)
        let start = output.utf16.count
        defer { recordArgument(number, from: start) }
        // Symbols are looked up on the first number only; a store entry's are read in
        // place from its language's remembered choice.
        if let formatting, let current = numbers {
            let filled = current.hasSymbols ? current : formatting.withSymbols(current)
            if filled !== current { numbers = filled }
            try filled.render(specifier, value, argument: number, to: &output)
            return
        }
        if case .none = cachedSymbols { cachedSymbols = NumberSymbols.forCanonicalLocale(numberLocale) }
        try specifier.render(value, argument: number, symbols: cachedSymbols ?? .posix, to: &output)
    }

    /// A `*` width or precision: read from its argument (CF's order: width, precision,
    /// then the value), then the specifier rendered with them written in.
    private mutating func render(starred specifier: FormatSpecifier, cursor: inout ArgumentCursor) throws(FormatError) {
        var resolved = specifier
        resolved.widthArgument = nil
        resolved.precisionArgument = nil
        if let star = specifier.widthArgument {
            let width = try starValue(cursor.take(position: star.position))
            // A negative width pads on the right (C), except where CF writes the number
            // through ICU (`%d %u %f %e %g`…), which takes none.
            // Digits after the `*` (`%*5d`) win; the argument is read all the same.
            if specifier.width == nil {
                if width < 0 { resolved.flags.insert(.leftAlign) }
                resolved.width = width < 0 && specifier.conversion.isLocalizedNumber ? nil : abs(width)
            }
        }
        if let star = specifier.precisionArgument {
            let number = cursor.take(position: star.position)
            let precision = try starValue(number)
            // CF prints a negative precision of `%f` as neither none nor 6 (3.14159), of
            // `%e` as `0E+00`, and crashes on `%g` (Linux): refused for floating point.
            if precision < 0, specifier.conversion.kind == .floatingPoint {
                throw .typeMismatch(argument: number, expected: FormatError.Expectation.widthOrPrecision.rawValue,
                                    value: String(precision))
            }
            if specifier.precision == nil { resolved.precision = precision < 0 ? nil : precision }
        }
        try render(resolved, cursor: &cursor)
    }

    /// The integer argument `number` for a `*`: at most ``FormatSpecifier/maximumNumber``
    /// either way, so a request cannot ask for a gigabyte of padding.
    private func starValue(_ number: Int) throws(FormatError) -> Int {
        let value = try argument(number)
        guard let (magnitude, isNegative) = FormatSpecifier.plainInteger(value, allowsMinus: true),
              magnitude <= UInt64(FormatSpecifier.maximumNumber)
        else {
            throw .typeMismatch(argument: number, expected: FormatError.Expectation.widthOrPrecision.rawValue, value: value)
        }
        return isNegative ? -Int(magnitude) : Int(magnitude)
    }

    private mutating func render(
        _ token: FormatToken, cursor: inout ArgumentCursor, depth: Int
    ) throws(FormatError) {
        switch token {
        case .literal(let literal):
            output += literal
        case .invalid(let source):
            output += FormatScanner.printedText(ofInvalid: source)
        case .specifier(let specifier):
            try render(specifier, cursor: &cursor)
        case .substitution(let substitution):
            if try !render(substitutionNamed: substitution.name, position: substitution.position,
                           cursor: &cursor, depth: depth) {
                output += substitution.source
            }
        }
    }

    /// Renders `%#@name@` with the chosen variant spliced in; false (nothing read or
    /// written) when there is no such variable.
    private mutating func render(
        substitutionNamed name: String, position: Int?, cursor: inout ArgumentCursor, depth: Int
    ) throws(FormatError) -> Bool {
        guard let variable = variable(named: name) else { return false }
        let number = cursor.takeForVariable(position: position, argumentNumber: variable.argumentNumber)
        substitutionCount += 1
        guard depth < LabelFormatter.maximumSubstitutionDepth,
            substitutionCount <= LabelFormatter.maximumSubstitutions
        else { throw .substitutionTooDeep(variable: name) }
        let variant = try variantText(of: variable, named: name, argument: number)
        var inner = cursor.entering(own: number)
        try render(variant, cursor: &inner, depth: depth + 1)
        cursor.leaving(inner)
        return true
    }

    /// `variables[name]`; a string has one or two variables, compared directly rather
    /// than hashing the name.
    private func variable(named name: String) -> PluralVariable? {
        guard variables.count <= 4 else { return variables[name] }
        for (candidate, variable) in variables where candidate == name { return variable }
        return nil
    }

    /// The variant for the plural category of argument `number`.
    private mutating func variantText(
        of variable: PluralVariable, named name: String, argument number: Int
    ) throws(FormatError) -> String {
        let value = try argument(number)
        let expectsInteger = variable.valueType.map(isIntegerValueType) ?? false
        guard let (operands, isZero) = Self.pluralOperands(value, integer: expectsInteger) else {
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
        // One variant lookup in the usual case (the category's variant exists).
        let category: PluralCategory
        let found: String?
        if isZero, let zero = Self.variant(.zero, of: variable) {
            category = .zero
            found = zero
        } else {
            category = formatting?.pluralCategory(for: operands) ?? rules().category(for: operands)
            found = Self.variant(category, of: variable)
        }
        if let found {
            if firstCategory == nil { firstCategory = category }
            return found
        }
        if firstMissing == nil { firstMissing = PluralMiss(variable: name, category: category) }
        // Report the variant used: `ar` 0 without a `zero` entry renders `other`.
        guard let other = variable.variants[.other] else {
            throw .missingVariant(variable: name, category: category)
        }
        if firstCategory == nil { firstCategory = .other }
        return other
    }
}

extension LabelRenderer {
    /// `variable.variants[category]`, by comparing the (at most six) categories rather
    /// than hashing one.
    fileprivate static func variant(_ category: PluralCategory, of variable: PluralVariable) -> String? {
        for (candidate, text) in variable.variants where candidate == category { return text }
        return nil
    }

    /// The plural operands of an argument and whether it is zero; nil when it is not a
    /// number (or, for an integer value type, not an integer as written).
    fileprivate static func pluralOperands(_ value: String, integer: Bool) -> (PluralOperands, isZero: Bool)? {
        // The usual count (`3`): up to 15 plain digits are an integer whose operands
        // are its value's, without parsing a NumberLiteral.
        var magnitude = 0
        var digits = 0
        for byte in value.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else {
                digits = 0
                break
            }
            magnitude = magnitude * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        if digits > 0 { return (PluralOperands(magnitude), magnitude == 0) }
        guard let literal = NumberLiteral(value), !integer || literal.isIntegerAsWritten,
              let operands = PluralOperands(value) else { return nil }
        return (operands, literal.isZero)
    }
}

/// Whether a `NSStringFormatValueTypeKey` (`d`, `ld`, `lld`, `u`...) is an integer type.
/// (Its last byte decides: a `Character` ending in an ASCII letter is that letter.)
private func isIntegerValueType(_ valueType: String) -> Bool {
    // From the contiguous bytes: the view's generic `last` costs more than the test.
    switch valueType.utf8.withContiguousStorageIfAvailable({ $0.last }) ?? valueType.utf8.last {
    case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"),
         UInt8(ascii: "X"), UInt8(ascii: "c"):
        return true
    default:
        return false
    }
}

/// Walks a string and every variant it can reach, recording the highest argument,
/// with the same argument numbering as rendering (``ArgumentCursor``).
private struct ArgumentCounter {
    let variables: [String: PluralVariable]
    var maximum = 0
    /// Variables already walked from a given cursor state: walking again adds nothing,
    /// and skipping keeps cycles and fan-out cheap.
    private var visited: [Visit: Int] = [:]
    /// Walks left; fan-out of nested variables could otherwise be exponential.
    private var budget = LabelFormatter.maximumSubstitutions * 4

    private struct Visit: Hashable {
        var name: String
        var argument: Int
        var next: Int
    }

    init(variables: [String: PluralVariable]) { self.variables = variables }

    mutating func visit(_ text: String) {
        var cursor = ArgumentCursor()
        visit(text, cursor: &cursor, depth: 0)
    }

    mutating func visit(_ text: String, cursor: inout ArgumentCursor, depth: Int) {
        for token in FormatToken.tokens(in: text) {
            switch token {
            case .literal, .invalid:
                continue
            case .specifier(let specifier):
                for read in specifier.argumentReads {
                    maximum = max(maximum, cursor.take(position: read.position))
                }
            case .substitution(let substitution):
                guard let variable = variables[substitution.name] else { continue }
                let number = cursor.takeForVariable(position: substitution.position,
                                                    argumentNumber: variable.argumentNumber)
                maximum = max(maximum, number)
                let seen = Visit(name: substitution.name, argument: number, next: cursor.next)
                if let after = visited[seen] {
                    cursor.next = max(cursor.next, after)
                    continue
                }
                guard depth < LabelFormatter.maximumSubstitutionDepth, budget > 0 else { continue }
                budget -= 1
                var after = cursor.next
                for category in variable.variants.keys.sorted() {
                    var inner = cursor.entering(own: number)
                    visit(variable.variants[category] ?? "", cursor: &inner, depth: depth + 1)
                    after = max(after, inner.next)
                }
                visited[seen] = after
                cursor.next = after
            }
        }
    }
}
