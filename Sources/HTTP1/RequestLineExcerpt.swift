/// The start of a rejected request's request line, kept for the server's log so an
/// operator can see what was sent (as nginx logs `$request` for a 400).
///
/// At most ``limit`` bytes; ``description`` quotes them with every byte that is not
/// printable ASCII, and `"` and `\`, written as `\xHH` (nginx's escaping), so no byte a
/// client sends can end the log line, forge another one or move a terminal's cursor.
package struct RequestLineExcerpt: Sendable, Hashable, CustomStringConvertible {
    /// The most bytes kept.
    package static let limit = 200

    /// The bytes as received, at most ``limit``.
    package let bytes: [UInt8]
    /// Whether the line went on past ``limit``.
    package let isCut: Bool

    /// Keeps the first ``limit`` bytes of `line`.
    package init(_ line: some Collection<UInt8>) {
        bytes = Array(line.prefix(Self.limit))
        isCut = line.count > Self.limit
    }

    /// `"GET /x HTTP/1.1"`, escaped; `"…"... (cut at 200 bytes)` when cut.
    package var description: String {
        var text = "\""
        text.reserveCapacity(bytes.count + 32)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x"
                text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        text += "\""
        if isCut { text += "... (cut at \(Self.limit) bytes)" }
        return text
    }
}
