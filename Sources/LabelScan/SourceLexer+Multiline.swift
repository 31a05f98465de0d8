/// Swift's multi-line literals: the closing delimiter's indentation is removed from
/// every line, the newlines after the opening and before the closing delimiter are
/// not part of the value, and `\` at the end of a line joins it to the next.
extension SourceLexer {
    mutating func readMultiline(pounds: Int) -> SourceLiteral {
        index += 3
        // The rest of the opening line is whitespace (anything else is a compile error).
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        if index < bytes.count { index += 1 }
        let contentStart = index
        // First pass: where the closing delimiter is, so its indentation is known (its
        // interpolations are recorded by the second).
        let recorded = output.interpolations.count
        _ = decodeMultiline(pounds: pounds, indentation: [])
        output.interpolations.removeSubrange(min(recorded, output.interpolations.count)...)
        let closing = index
        let end = min(closing, bytes.count)
        var lineStart = end
        while lineStart > contentStart, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let indentation = Array(bytes[lineStart..<end].prefix { $0 == 0x20 || $0 == 0x09 })
        index = contentStart
        let literal = decodeMultiline(pounds: pounds, indentation: indentation, contentEnd: max(contentStart, lineStart - 1))
        index = closing
        if index < bytes.count { index = min(bytes.count, index + 3 + pounds) }
        return literal
    }

    /// Decodes from `index` to `contentEnd` (or, when nil, to the closing delimiter,
    /// leaving `index` at it).
    mutating func decodeMultiline(pounds: Int, indentation: [UInt8], contentEnd: Int? = nil) -> SourceLiteral {
        var builder = LiteralBuilder()
        var atLineStart = true
        let limit = contentEnd ?? bytes.count
        while index < limit {
            if atLineStart {
                atLineStart = false
                var matched = 0
                while matched < indentation.count, index < limit, bytes[index] == indentation[matched] {
                    index += 1
                    matched += 1
                }
                continue
            }
            let byte = bytes[index]
            if contentEnd == nil, byte == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\""),
               poundsFollow(at: index + 3, pounds) {
                return builder.literal
            }
            if byte == UInt8(ascii: "\\"), poundsFollow(at: index + 1, pounds) {
                index += 1 + pounds
                if skipLineContinuation() {
                    atLineStart = true
                } else {
                    readEscape(into: &builder, pounds: pounds)
                }
                continue
            }
            builder.bytes.append(byte)
            index += 1
            if byte == 0x0A { atLineStart = true }
        }
        return builder.literal
    }

    /// `\` followed by spaces and a newline: skips them all.
    mutating func skipLineContinuation() -> Bool {
        var cursor = index
        while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == 0x0A || bytes[cursor] == 0x0D else { return false }
        if bytes[cursor] == 0x0D { cursor += 1 }
        if cursor < bytes.count, bytes[cursor] == 0x0A { cursor += 1 }
        index = cursor
        return true
    }

    /// An Objective-C or C literal: `\n \t \r \\ \" \'`, octal, `\x`, `\u`.
    mutating func readCString() -> SourceLiteral {
        index += 1
        var builder = LiteralBuilder()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return builder.literal
            }
            if byte == 0x0A { return builder.literal }
            index += 1
            guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                builder.bytes.append(byte)
                continue
            }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): builder.bytes.append(0x0A)
            case UInt8(ascii: "t"): builder.bytes.append(0x09)
            case UInt8(ascii: "r"): builder.bytes.append(0x0D)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escape - UInt8(ascii: "0"))
                var count = 1
                while count < 3, index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                    count += 1
                }
                builder.bytes.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let maximum = escape == UInt8(ascii: "x") ? 2 : escape == UInt8(ascii: "u") ? 4 : 8
                var value: UInt32 = 0
                var count = 0
                while count < maximum, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
                    value = value &* 16 &+ UInt32(digit)
                    index += 1
                    count += 1
                }
                if escape == UInt8(ascii: "x") { builder.bytes.append(UInt8(truncatingIfNeeded: value)) } else { builder.append(scalar: value) }
            case 0x0A:
                break
            default:
                builder.bytes.append(escape)
            }
        }
        return builder.literal
    }
}
