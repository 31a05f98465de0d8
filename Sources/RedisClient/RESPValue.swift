/// One RESP2 reply (https://redis.io/docs/latest/develop/reference/protocol-spec/): what
/// ``RESPParser`` yields. Bulk strings are bytes (binary-safe); `nil` is RESP2's null bulk
/// string (`$-1`) or null array (`*-1`).
package enum RESPValue: Sendable, Hashable {
    /// `+OK`: a line of text (lossy UTF-8: the protocol allows any bytes but CR and LF).
    case simple(String)
    /// `-ERR …`, `-WRONGPASS …`: the server's error line, kept whole (its first word is the kind).
    case error(String)
    /// `:42`
    case integer(Int64)
    /// `$3\r\nabc`, or `$-1` (nil).
    case bulk([UInt8]?)
    /// `*2\r\n…`, or `*-1` (nil).
    case array([RESPValue]?)
}

extension RESPValue {
    /// The bulk string's bytes as UTF-8 text (lossy), or a simple string's text; nil otherwise.
    package var text: String? {
        switch self {
        case .simple(let text): text
        case .bulk(let bytes?): String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }

    /// The error line's first word (`ERR`, `WRONGPASS`, `NOPERM`, `NOAUTH`…), or nil when
    /// this is not an error.
    package var errorKind: Substring? {
        guard case .error(let line) = self else { return nil }
        return line.prefix { $0 != " " }
    }
}
