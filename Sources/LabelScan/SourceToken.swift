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

    /// `start` in the low 27 bits, `kind` in the next 3, `newlineBefore` in bit 30: a
    /// token is 12 bytes, not 16 (a 64 MiB file has some ten million of them). Offsets
    /// are exact below 128 MiB; ``Scan`` reads no file over 64 MiB.
    private let startAndFlags: UInt32
    /// The punctuation or operator byte, or the literal's index for `.string`.
    private let value: Int32
    /// The end byte offset in the file.
    let end: Int32

    static let offsetMask: UInt32 = (1 << 27) - 1

    init(kind: Kind, newlineBefore: Bool, byte: UInt8, start: Int32, end: Int32, payload: Int32) {
        startAndFlags = UInt32(bitPattern: start) & Self.offsetMask | UInt32(kind.rawValue) << 27
            | (newlineBefore ? 1 << 30 : 0)
        value = kind == .string ? payload : Int32(byte)
        self.end = end
    }

    var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: startAndFlags >> 27 & 7)) ?? .punctuation }
    /// A newline separates this token from the one before (a call's `(` must not).
    var newlineBefore: Bool { startAndFlags & 1 << 30 != 0 }
    /// The punctuation byte, or 1 for a lone `+` operator.
    var byte: UInt8 { kind == .string ? 0 : UInt8(truncatingIfNeeded: value) }
    /// The start byte offset in the file.
    var start: Int32 { Int32(bitPattern: startAndFlags & Self.offsetMask) }
    /// The literal's index for `.string`.
    var payload: Int32 { kind == .string ? value : 0 }
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
