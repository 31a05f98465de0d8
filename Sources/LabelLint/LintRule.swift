import LabelCore

/// A check `label-server lint` runs, with a stable id for CI output and
/// suppression lists.
///
/// Each rule has one default severity; ``duplicateKey`` is the exception, an
/// error when the two values differ (one silently wins) and a warning when they
/// are the same. Every rule is documented with examples in `docs/lint.md`.
package enum LintRule: String, CaseIterable, Sendable, Hashable, Comparable {
    /// A file the reader cannot use at all (syntax error, not a plist, bad JSON).
    case parseError = "parse-error"
    /// Something the reader accepted but reported (ignored text, unused variable...).
    case readerWarning = "reader-warning"
    /// The same key twice in one file, or in two files of one bundle, table and language.
    case duplicateKey = "duplicate-key"
    /// A value (or a plural variant) that is empty or only white space.
    case emptyValue = "empty-value"
    /// UTF-8 text that was decoded as Latin-1, Windows-1252 or Mac Roman (`Ã¤`, `√§`).
    case mojibake = "mojibake"
    /// Arguments (number → type) of a translation differ from the development language's,
    /// or one string reads an argument as two types.
    case specifierMismatch = "specifier-mismatch"
    /// A `%n` in a value (it writes through its argument, so `String(format:)` with it
    /// crashes or corrupts memory), or a specifier CF traps on or reads differently by
    /// platform (`%1000$@`, `%2147483648d`, `%'d`), or pads past 999 (`%1000d`), or CF's
    /// `%[key]@`. Never acceptable, in any language.
    case forbiddenSpecifier = "forbidden-specifier"
    /// A plural variable lacks a category that CLDR requires for the language.
    case missingPluralCategory = "missing-plural-category"
    /// A key of the development language that a language of the same bundle and table lacks.
    case missingKey = "missing-key"
    /// A label that does not begin with a capital letter.
    case labelCapitalization = "label-capitalization"
    /// A label that ends with a period.
    case labelTrailingPeriod = "label-trailing-period"
    /// A label or hint that names the control type ("Button", "Taste").
    case controlTypeWord = "control-type-word"
    /// A hint that does not begin with a capital letter.
    case hintCapitalization = "hint-capitalization"
    /// A hint that does not start with a verb (heuristic, en/de/fr).
    case hintVerb = "hint-verb"
    /// A hint that does not end with a period.
    case hintPeriod = "hint-period"
    /// A label longer than `--max-words`.
    case wordLimit = "word-limit"
    /// Apple's inline attribute markup (`^[text](name: value)`) that Foundation reads as
    /// literal text or only in part: unterminated, malformed, a name twice, too deep.
    case markupMalformed = "markup-malformed"
    /// An attribute value no label can carry (`null`, `NaN`), or of another type than the
    /// attribute takes (`inflect: "yes"`, `accessibilityHeadingLevel: "2"`).
    case markupValueType = "markup-value-type"
    /// An `accessibilitySpeechPhoneticNotation` value with characters outside IPA's set.
    case ipaCharacters = "ipa-characters"
    /// A speech or grammar attribute the reference language's value has and a translation lost.
    case markupLost = "markup-lost"
    /// An `inflect` run in a language other than English: only Apple's Foundation inflects it.
    case inflectNotEnglish = "inflect-not-english"

    /// The severity of a finding of this rule unless the check says otherwise.
    package var defaultSeverity: LintFinding.Severity {
        switch self {
        case .parseError, .emptyValue, .mojibake, .specifierMismatch, .forbiddenSpecifier, .missingPluralCategory,
             .duplicateKey, .markupMalformed, .markupValueType, .ipaCharacters: .error
        case .readerWarning, .missingKey, .labelCapitalization, .labelTrailingPeriod, .controlTypeWord,
             .hintCapitalization, .hintVerb, .hintPeriod, .wordLimit, .markupLost, .inflectNotEnglish: .warning
        }
    }

    /// The VoiceOver wording rules: Apple's grammar for labels and hints, which only
    /// keys that are labels or hints are held to.
    package var isWording: Bool { Self.labelRules.contains(self) || Self.hintRules.contains(self) || self == .controlTypeWord }

    static let labelRules: Set<LintRule> = [.labelCapitalization, .labelTrailingPeriod, .wordLimit]
    static let hintRules: Set<LintRule> = [.hintCapitalization, .hintVerb, .hintPeriod]

    /// Keys that are VoiceOver labels by the documented convention (`docs/lint.md`).
    package static let labelKeyPatterns = ["*.label", "*accessibilityLabel"]
    /// Keys that are VoiceOver hints by the documented convention (`docs/lint.md`).
    package static let hintKeyPatterns = ["*.hint", "*accessibilityHint"]

    /// The keys a rule checks unless configured: label rules the label keys, hint
    /// rules the hint keys, `control-type-word` both, every other rule every key.
    package var defaultKeyPatterns: [String] {
        if Self.labelRules.contains(self) { return Self.labelKeyPatterns }
        if Self.hintRules.contains(self) { return Self.hintKeyPatterns }
        if self == .controlTypeWord { return Self.labelKeyPatterns + Self.hintKeyPatterns }
        return ["*"]
    }

    package static func < (lhs: LintRule, rhs: LintRule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
