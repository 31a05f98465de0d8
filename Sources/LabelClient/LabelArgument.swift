/// One argument of a label, for ``LabelSet/rendering(_:count:arguments:)`` and
/// ``LabelSet/attributedString(_:count:arguments:)``: its text, and the language it is
/// in when that differs from the label's (a video title in English inside a German
/// label). The argument's range in the rendered label is a ``LabelRun`` with the
/// attribute `argument` (its 1-based number), plus `languageIdentifier` when a language
/// is given: what `GET /labels/{key}?arg=…&argLang=…` answers.
public enum LabelArgument: Sendable, Hashable, ExpressibleByStringLiteral {
    /// Text as given; `language` is a BCP 47 tag (`"en"`), or `nil` for the label's own.
    case text(String, language: String? = nil)
    /// A number, written as `count` is: without a fraction when it has none (`3`, never `3.0`).
    case number(Double)

    public init(stringLiteral value: String) {
        self = .text(value)
    }

    /// The argument as the request's `arg` text.
    var text: String {
        switch self {
        case .text(let text, _): text
        case .number(let number): LabelSet.argumentText(number)
        }
    }

    /// The argument's language (`argLang`), if any.
    var language: String? {
        if case .text(_, let language) = self { return language }
        return nil
    }
}
