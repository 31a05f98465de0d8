/// The one lexical JSON reader (RFC 8259) of the project: a position over borrowed
/// UTF-8 bytes, reading one token at a time. It reads strings (escapes through
/// ``JSONStringEscape``), a number's raw text, literals and punctuation, skips
/// whitespace and whole values, and throws a ``Failure`` with a reason and the byte
/// offset where it stopped.
///
/// It has no policy of its own: the readers built on it decide what a document may
/// hold (the String Catalog reader hands anything unusual to Foundation, `JSONDocument`
/// refuses repeated keys, ``JSONKeyLocator`` keeps the last one).
package struct JSONCursor {
    /// Why the cursor stopped, and at which byte.
    package struct Failure: Error, Equatable {
        package enum Reason: Equatable {
            /// A byte that cannot start or continue what was expected here.
            case unexpectedByte
            case unterminatedString
            case controlCharacter
            /// A backslash as the last byte.
            case unterminatedEscape
            case invalidEscape
            /// `\u` without four hex digits.
            case invalidUnicodeEscape
            /// A `\u` surrogate without its other half (offset: past the closing quote).
            case unpairedSurrogate
            /// Bytes that are not UTF-8 in a string read strictly.
            case invalidUTF8
            case invalidNumber
            case invalidLiteral
            /// A number longer than ``JSONCursor/maximumSkippedNumberLength`` in a skipped value.
            case longNumber
            /// Containers nested deeper than the caller's limit.
            case tooDeep
            /// A reader's own policy declined what it read (a repeated key, a type it does not read).
            case declined
        }

        package var reason: Reason
        package var offset: Int

        package init(_ reason: Reason, offset: Int) {
            self.reason = reason
            self.offset = offset
        }
    }

    package let bytes: UnsafeRawBufferPointer
    package var position: Int

    package init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// The byte at the position, or 0 at the end (0 never starts a JSON token).
    @inline(__always)
    package var byte: UInt8 { position < bytes.count ? bytes[position] : 0 }

    @inline(__always)
    package var isAtEnd: Bool { position >= bytes.count }

    /// A failure of `reason` at the position.
    package func failure(_ reason: Failure.Reason) -> Failure { Failure(reason, offset: position) }

    @inline(__always)
    package mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Steps over `punctuation` when it is the byte at the position.
    @inline(__always)
    package mutating func consume(_ punctuation: UInt8) -> Bool {
        guard byte == punctuation else { return false }
        position += 1
        return true
    }

    /// Whether a number or literal may end here: at the end, whitespace, `,`, `}` or `]`.
    package var isAtScalarEnd: Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: true
        default: isAtEnd
        }
    }
}
