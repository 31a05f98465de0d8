/// Why a `.strings` file could not be read, and where.
///
/// Each case is one that Apple's reader also rejects (so the table would be
/// missing on a device), except where noted on the case.
public struct StringsParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// A quoted string (or a trailing `\`) runs to the end of the file.
        case unterminatedString
        /// A `/*` comment is never closed, and the file ends where more was required.
        case unterminatedComment
        /// After a key there is neither `=` nor `;`.
        case expectedEquals
        /// A statement is not followed by `;`.
        case expectedSemicolon
        /// After `=` there is no string.
        case expectedValue
        /// A value is a dictionary `{}`, array `()` or data `<>`, which old-style
        /// plists allow but a strings table cannot use.
        case nonStringValue
        /// The file starts with a character that cannot start a key.
        case unexpectedCharacter(Unicode.Scalar)
        /// A `{ ... }` file is missing its closing brace.
        case expectedClosingBrace
        /// Text after the closing `}` of a `{ ... }` file.
        case textAfterClosingBrace
        /// `\U` escapes that produce an unpaired UTF-16 surrogate. Apple keeps the
        /// broken code unit; a Swift `String` cannot hold it.
        case invalidEscape
        /// The file has no byte order mark and is not valid UTF-8 (byte offset
        /// in the file). Apple would guess another encoding; we refuse to.
        case invalidUTF8(byteOffset: Int)
        /// The file looks like UTF-16 (a zero byte in its first two) but has no
        /// byte order mark, so it would be read as UTF-8.
        case utf16WithoutByteOrderMark
        /// The file has a UTF-16 byte order mark but an odd length or an unpaired surrogate.
        case invalidUTF16(byteOffset: Int)
        /// A binary or XML property list that Foundation cannot read (its message).
        case invalidPropertyList(String)
        /// The file is valid but is not a dictionary of strings to strings.
        case notAStringDictionary(String)

        public var description: String {
            switch self {
            case .unterminatedString: "unterminated string"
            case .unterminatedComment: "unterminated comment: missing '*/'"
            case .expectedEquals: "expected '=' or ';' after the key"
            case .expectedSemicolon: "expected ';' after the entry"
            case .expectedValue: "expected a quoted string or a token after '='"
            case .nonStringValue: "the value is a dictionary, array or data, not a string"
            case .unexpectedCharacter(let scalar):
                if scalar == "\0" {
                    "unexpected character U+0000 (a UTF-16 file without a byte order mark?)"
                } else {
                    "unexpected character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
                        + " '\(scalar.escaped(asASCII: false))'"
                }
            case .expectedClosingBrace: "expected '}' to close the dictionary"
            case .textAfterClosingBrace: "unexpected text after the closing '}'"
            case .invalidEscape: "\\U escape produces an unpaired UTF-16 surrogate"
            case .invalidUTF8(let offset): "invalid UTF-8 at byte \(offset) (a file without a byte order mark must be UTF-8)"
            case .utf16WithoutByteOrderMark: "UTF-16 without a byte order mark; save it with a BOM or as UTF-8"
            case .invalidUTF16(let offset): "invalid UTF-16 at byte \(offset)"
            case .invalidPropertyList(let message): "not a readable property list: \(message)"
            case .notAStringDictionary(let what): "not a dictionary of strings: \(what)"
            }
        }
    }

    public var location: SourceLocation
    public var reason: Reason

    public init(location: SourceLocation, reason: Reason) {
        self.location = location
        self.reason = reason
    }

    /// `de.lproj/Localizable.strings:12:7: unterminated string`
    public var description: String { "\(location): \(reason)" }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
