/// One token of a source file, as the site scanner needs it: where it starts, what
/// it is, and for a string literal, its index in ``SourceTokens/literals``.
struct SourceToken: Sendable {
    enum Kind: UInt8, Sendable {
        /// An identifier or keyword (`Text`, `func`, `if`).
        case identifier
        /// A string literal of any form; its value is in `SourceTokens.literals[payload]`.
        case string
        /// A number or character literal: a value, never a key.
        case number
        /// One punctuation byte: `( ) [ ] { } , : . ; @ # ? !`.
        case punctuation
        /// An operator run (`+`, `==`, `->`): `payload` is 1 for exactly `+`.
        case `operator`
    }

    var kind: Kind
    /// A newline separates this token from the one before (a call's `(` must not).
    var newlineBefore: Bool
    /// The punctuation byte, or 1 for a lone `+` operator.
    var byte: UInt8
    /// Start and end byte offsets in the file.
    var start: Int32
    var end: Int32
    /// The literal's index for `.string`.
    var payload: Int32
}

/// A file's tokens and decoded string literals.
struct SourceTokens: Sendable {
    var tokens: [SourceToken] = []
    var literals: [SourceLiteral] = []
    /// Byte ranges of the interpolations of this stream's literals: code, lexed and
    /// scanned on their own (`"\(NSLocalizedString("a", comment: ""))"`).
    var interpolations: [Range<Int>] = []
    /// The file offset of the `\` of an interpolation nested deeper than
    /// ``SourceLexer/maximumInterpolationDepth``: lexing stopped there.
    var tooDeep: Int?
}
