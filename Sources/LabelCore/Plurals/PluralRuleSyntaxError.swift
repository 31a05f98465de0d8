/// Why a CLDR plural condition could not be parsed, and where.
package struct PluralRuleSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the parser expected or rejected.
    package enum Reason: Sendable, Hashable {
        /// An operand (`n i v w f t e c`) was expected.
        case expectedOperand
        /// A non-negative integer was expected.
        case expectedNumber
        /// `=` or `!=` was expected after the operand expression.
        case expectedRelation
        /// `and`, `or` or the end of the condition was expected.
        case expectedConnective
        /// A character outside the rule language.
        case unexpectedCharacter
        /// A number too large for 64 bits.
        case numberTooLarge
        /// `mod 0` / `% 0`.
        case zeroModulus
        /// A range `a..b` with `a > b`.
        case emptyRange
    }

    /// The problem.
    package let reason: Reason
    /// UTF-8 offset in the condition text where the problem starts.
    package let offset: Int

    /// An error for `reason` at UTF-8 `offset` in the condition text.
    package init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The reason and offset, for logs and test failures.
    package var description: String { "plural rule syntax error at offset \(offset): \(reason)" }
}
