/// What is wrong with a piece of inline attribute markup (`^[text](name: value)`), for
/// `lint`: a stable code and the UTF-8 offset into the template where it starts.
package struct InlineMarkupProblem: Sendable, Hashable, StableCode {
    package enum Kind: String, Sendable, Hashable, CaseIterable, StableCode {
        /// `^[` whose `[` is never closed: the rest is literal text.
        case unterminatedText = "markup-unterminated-text"
        /// `^[text]` not followed by `(`: literal text.
        case missingAttributes = "markup-missing-attributes"
        /// `(` never closed by `)`: literal text.
        case unterminatedAttributes = "markup-unterminated-attributes"
        /// Something inside `(…)` that is not `name: value, …` (a bad name, a missing
        /// `:` or `,`, a bad escape or number): the whole markup is literal text.
        case malformedAttributes = "markup-malformed-attributes"
        /// A well-formed value that no label attribute can hold (`null`, `Infinity`,
        /// `NaN`): the markup is removed, the attribute dropped.
        case unsupportedValue = "markup-unsupported-value"
        /// The same name twice in one run: the last value wins.
        case duplicateAttribute = "markup-duplicate-attribute"
        /// Markup nested deeper than ``InlineMarkup/maximumNesting``: the inner markup
        /// is removed by a later pass, so runs still come out right.
        case tooDeep = "markup-too-deep"
    }

    package var kind: Kind
    /// Byte offset into the template's UTF-8 where the problem is (the `^` of the markup
    /// for structural problems, the name or value for value problems).
    package var utf8Offset: Int

    package init(_ kind: Kind, at utf8Offset: Int) {
        self.kind = kind
        self.utf8Offset = utf8Offset
    }

    package var code: String { kind.code }
}
