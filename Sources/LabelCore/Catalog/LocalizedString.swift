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
