/// Why ``RESPParser`` stopped: a reason with a stable code, and the byte offset in the
/// stream (counted from the parser's first byte) where the problem lies.
package struct RESPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Reason: Sendable, Hashable {
        /// The first byte of a reply is no RESP type.
        case unknownType(UInt8)
        /// A RESP3 type (`%`, `_`, `,`, `#`, `~`, `>`, `=`, `(`, `|`, `!`): never asked for
        /// (no `HELLO 3`), so never accepted.
        case resp3Type(UInt8)
        /// A line (type byte, simple string, error, integer, length) longer than the limit.
        case lineTooLong(limit: Int)
        /// A CR not followed by LF, or a LF without its CR.
        case badLineEnding
        /// An integer reply that is not a decimal `Int64`.
        case badInteger
        /// A bulk string or array length that is not `-1` or a non-negative decimal.
        case badLength
        /// A bulk string longer than the limit (refused from its length alone).
        case bulkTooLarge(length: Int64, limit: Int)
        /// An array with more elements than the limit (refused from its count alone).
        case arrayTooLarge(count: Int64, limit: Int)
        /// Arrays nested deeper than the limit.
        case tooDeep(limit: Int)
        /// A bulk string's bytes not followed by CRLF.
        case badBulkTerminator
        /// One reply larger in all than the limit.
        case replyTooLarge(limit: Int)

        /// A stable word for logs and tests.
        package var code: String {
            switch self {
            case .unknownType: "unknown-type"
            case .resp3Type: "resp3-type"
            case .lineTooLong: "line-too-long"
            case .badLineEnding: "bad-line-ending"
            case .badInteger: "bad-integer"
            case .badLength: "bad-length"
            case .bulkTooLarge: "bulk-too-large"
            case .arrayTooLarge: "array-too-large"
            case .tooDeep: "too-deep"
            case .badBulkTerminator: "bad-bulk-terminator"
            case .replyTooLarge: "reply-too-large"
            }
        }
    }

    package var reason: Reason
    /// Bytes from the start of the stream to the offending byte.
    package var offset: Int

    package init(_ reason: Reason, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    package var code: String { reason.code }

    package var description: String {
        let what: String =
            switch reason {
            case .unknownType(let byte): "byte \(byte) starts no RESP2 reply"
            case .resp3Type(let byte): "RESP3 reply type \(Character(Unicode.Scalar(byte))) (only RESP2 is spoken: HELLO 3 is never sent)"
            case .lineTooLong(let limit): "a line longer than \(limit) bytes"
            case .badLineEnding: "a line not ended by CRLF"
            case .badInteger: "an integer reply that is not a 64-bit decimal"
            case .badLength: "a length that is neither -1 nor a decimal count"
            case .bulkTooLarge(let length, let limit): "a bulk string of \(length) bytes (limit \(limit))"
            case .arrayTooLarge(let count, let limit): "an array of \(count) elements (limit \(limit))"
            case .tooDeep(let limit): "arrays nested deeper than \(limit)"
            case .badBulkTerminator: "a bulk string not followed by CRLF"
            case .replyTooLarge(let limit): "a reply larger than \(limit) bytes"
            }
        return "\(what) at byte \(offset)"
    }
}
