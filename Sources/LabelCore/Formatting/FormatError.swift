/// Why a label could not be rendered with the given arguments.
///
/// Argument numbers are 1-based, as in `%2$@` (`count` is argument 1).
public enum FormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The string reads argument `n`, but fewer arguments were given.
    case missingArgument(Int)
    /// The argument's text does not fit the specifier that consumes it.
    /// `expected` is one of ``Expectation``'s raw values.
    case typeMismatch(argument: Int, expected: String, value: String)
    /// The chosen plural category has no variant, and there is no `other` either.
    case missingVariant(variable: String, category: PluralCategory)
    /// Plural variables nest deeper than ``LabelFormatter/maximumSubstitutionDepth``
    /// (or refer to each other in a cycle).
    case substitutionTooDeep(variable: String)
    /// The value holds a specifier no argument text can be rendered for: `%p`, `%P`,
    /// `%n` (the payload is its source text). The store's problem, which `lint` reports.
    case unsupportedSpecifier(String)

    /// What an argument must look like, as named in ``typeMismatch(argument:expected:value:)``.
    public enum Expectation: String, Sendable {
        /// `%d %i`, or a plural variable whose value type is an integer: `-12`, `3`,
        /// or an all-zero fraction (`1.0`).
        case integer
        /// `%u` (also `1.0`), `%x %X %o` (digits only).
        case nonNegativeInteger = "non-negative integer"
        /// `%f %e %g %a` and plural variables: `-1.5`, `2`, `1e3`.
        case number
        /// `%c %C`: exactly one character.
        case character
        /// A `*` width or precision: an integer from -999 to 999 (a negative width
        /// pads on the right, a negative precision counts as none, as in C).
        case widthOrPrecision = "width or precision from -999 to 999"
    }

    /// The 1-based argument the error is about, if any.
    public var argument: Int? {
        switch self {
        case .missingArgument(let argument): argument
        case .typeMismatch(let argument, _, _): argument
        case .missingVariant, .substitutionTooDeep, .unsupportedSpecifier: nil
        }
    }

    /// An English message for API errors.
    public var description: String {
        switch self {
        case .missingArgument(let argument):
            "argument \(argument) is missing"
        case .typeMismatch(let argument, let expected, let value):
            "argument \(argument) must be \(expected == Expectation.integer.rawValue ? "an" : "a") \(expected), got \"\(value.prefix(64))\(value.count > 64 ? "…" : "")\""
        case .missingVariant(let variable, let category):
            "plural variable '\(variable)' has no '\(category.rawValue)' or 'other' variant"
        case .substitutionTooDeep(let variable):
            "plural variable '\(variable)' nests too deeply"
        case .unsupportedSpecifier(let source):
            "the value's \(source.prefix(32)) reads an argument no text can stand for"
        }
    }
}
