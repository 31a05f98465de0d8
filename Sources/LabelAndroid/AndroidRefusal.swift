package import LabelCore

/// Something the Android conversion could not express, with the reason: a string or
/// plural item left out of the tree, or a difference the report must name.
package struct AndroidRefusal: Sendable, Hashable {
    package enum Severity: String, Sendable, Hashable {
        /// Left out of the tree: the app does not get this string (or item).
        case error
        /// Converted, but Android behaves differently in a way the team should know.
        case warning
    }

    /// A stable code for scripts (`name-collision`, `unsupported-specifier`...).
    package enum Reason: String, Sendable, Hashable, CaseIterable, StableCode {
        /// Two keys give one resource name; the second is left out.
        case nameCollision = "name-collision"
        /// A specifier `java.util.Formatter` cannot print as Apple does.
        case unsupportedSpecifier = "unsupported-specifier"
        /// `%n`, which no value may hold (it writes through its argument).
        case forbiddenSpecifier = "forbidden-specifier"
        /// Two plural variables in one string: `<plurals>` selects by one quantity.
        case twoPluralVariables = "two-plural-variables"
        /// A CLDR category the folder's language needs has no text.
        case missingPluralCategory = "missing-plural-category"
        /// Apple's explicit `zero` in a language whose CLDR rules have none.
        case zeroNotExpressible = "zero-not-expressible"
        /// The development language's value is refused: the key is left out everywhere.
        case noDefault = "no-default"
        /// The development language lacks the key: `values/` holds the key itself.
        case defaultIsKey = "default-is-key"
        /// A store language that has no Android folder (or shares one with another).
        case languageFolder = "language-folder"
        /// An inline attribute with no annotation Android reads (`accessibilityTextCustom`,
        /// Apple's other grammar attributes, unknown names): left out of the span.
        case speechAttributeDropped = "speech-attribute-dropped"
        /// Runs that cannot be placed as `<annotation>`s (an end inside a format
        /// specifier, runs that do not nest): the text is exported without them.
        case spansDropped = "spans-dropped"
        /// An `inflect` run Android says as written: not English, or not one integer
        /// specifier and a noun the English table knows.
        case notInflected = "not-inflected"
    }

    package var severity: Severity
    package var reason: Reason
    package var table: String
    package var key: String?
    package var language: LanguageTag?
    package var category: PluralCategory?
    package var message: String

    package init(_ severity: Severity, _ reason: Reason, table: String, key: String?, language: LanguageTag? = nil,
                category: PluralCategory? = nil, message: String) {
        self.severity = severity
        self.reason = reason
        self.table = table
        self.key = key
        self.language = language
        self.category = category
        self.message = message
    }
}
