/// One localized value as a store file declares it, before any rendering.
///
/// A plain `.strings` entry is a `template` with no variables. A `.stringsdict`
/// entry or a String Catalog entry with plural variations carries its
/// `NSStringLocalizedFormatKey` (or catalog value) as `template`, whose `%#@name@`
/// specifiers refer to `variables`.
public struct LocalizedString: Sendable, Hashable {
    /// The format string (`"%#@coins@ gesammelt"`) or plain value.
    public var template: String
    /// Plural variables referenced by `%#@name@` in `template` (or in a variant).
    public var variables: [String: PluralVariable]

    public init(template: String, variables: [String: PluralVariable] = [:]) {
        self.template = template
        self.variables = variables
    }

    /// Whether the value depends on a number (has at least one plural variable).
    public var isPlural: Bool { !variables.isEmpty }
}

/// A plural variable: `NSStringPluralRuleType` in a `.stringsdict`, or a plural
/// variation / substitution in a String Catalog.
public struct PluralVariable: Sendable, Hashable {
    /// `NSStringFormatValueTypeKey` (`d`, `ld`, `lld`, `f`, `@`...), without `%`.
    /// `nil` when the file does not say.
    public var valueType: String?
    /// The argument this variable reads, 1-based, when the file fixes it
    /// (String Catalog `argNum`). `nil`: the position of its `%#@name@` specifier.
    public var argumentNumber: Int?
    /// The text for each category present in the file.
    public var variants: [PluralCategory: String]

    public init(valueType: String? = nil, argumentNumber: Int? = nil, variants: [PluralCategory: String]) {
        self.valueType = valueType
        self.argumentNumber = argumentNumber
        self.variants = variants
    }
}
