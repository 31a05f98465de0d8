/// String literals: Swift's single-line, multi-line (`"""`) and raw (`#"…"#`) forms
/// with escapes, `\u{…}` and interpolations; Objective-C's `@"…"` and C literals.
extension SourceLexer {
    /// Collects a literal's decoded bytes, split at interpolations.
    struct LiteralBuilder {
        var bytes: [UInt8] = []
        var segments: [String] = []
        var interpolations: [String] = []

        mutating func interpolate(_ source: String) {
            segments.append(String(decoding: bytes, as: UTF8.self))
            bytes.removeAll(keepingCapacity: true)
            interpolations.append(source)
        }

        mutating func append(scalar value: UInt32) {
            guard let scalar = Unicode.Scalar(value) else { return }
            bytes += Array(String(Character(scalar)).utf8)
        }

        var literal: SourceLiteral {
            SourceLiteral(segments: segments + [String(decoding: bytes, as: UTF8.self)], interpolations: interpolations)
        }
    }

    /// `start` is the token's first byte (`#`, `@` or `"`); `index` is at the opening `"`.
    mutating func lexString(start: Int, pounds: Int) {
        let literal = readString(pounds: pounds)
        // Cut short by too deep a nesting: not a literal the scan can trust.
        guard output.tooDeep == nil else { return }
        let payload = Int32(truncatingIfNeeded: output.literals.count)
        output.literals.append(literal)
        emit(.string, start: start, payload: payload)
    }

    /// Reads the literal whose opening `"` is at `index`, leaving `index` after its end.
    mutating func readString(pounds: Int) -> SourceLiteral {
        if language == .objectiveC { return readCString() }
        if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") { return readMultiline(pounds: pounds) }
        index += 1
        var builder = LiteralBuilder()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\""), poundsFollow(at: index + 1, pounds) {
                index += 1 + pounds
                return builder.literal
            }
            if byte == 0x0A { return builder.literal }
            if byte == UInt8(ascii: "\\"), poundsFollow(at: index + 1, pounds) {
                index += 1 + pounds
                readEscape(into: &builder, pounds: pounds)
                continue
            }
            builder.bytes.append(byte)
            index += 1
        }
        return builder.literal
    }

    func poundsFollow(at position: Int, _ pounds: Int) -> Bool {
        guard pounds > 0 else { return true }
        guard position + pounds <= bytes.count else { return false }
        for offset in 0..<pounds where bytes[position + offset] != UInt8(ascii: "#") { return false }
        return true
    }

    /// After `\` (and its `#`s): an escape, an interpolation, or a backslash kept as written.
    mutating func readEscape(into builder: inout LiteralBuilder, pounds: Int) {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "("):
            let open = index
            skipInterpolation()
            guard output.tooDeep == nil else { return }
            output.interpolations.append((base + open)..<(base + max(open, index - 1)))
            builder.interpolate(String(decoding: bytes[open..<max(open, index - 1)], as: UTF8.self))
        case UInt8(ascii: "n"): builder.bytes.append(0x0A)
        case UInt8(ascii: "t"): builder.bytes.append(0x09)
        case UInt8(ascii: "r"): builder.bytes.append(0x0D)
        case UInt8(ascii: "0"): builder.bytes.append(0x00)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): builder.bytes.append(byte)
        case UInt8(ascii: "u") where peek(0) == UInt8(ascii: "{"):
            var value: UInt32 = 0
            var cursor = index + 1
            var digits = 0
            while cursor < bytes.count, let digit = Self.hexValue(bytes[cursor]), digits < 8 {
                value = value &* 16 &+ UInt32(digit)
                cursor += 1
                digits += 1
            }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}"), digits > 0 {
                builder.append(scalar: value)
                index = cursor + 1
            } else {
                builder.bytes += [UInt8(ascii: "\\"), byte]
            }
        default:
            builder.bytes += [UInt8(ascii: "\\"), byte]
        }
    }

    /// Where the skipper of ``skipInterpolation()`` is: in code (with its open
    /// parentheses) or in a literal nested in it.
    enum SkipContext {
        case code(parentheses: Int)
        case string(pounds: Int, multiline: Bool)
    }

    /// Skips an interpolation's expression up to and past its closing `)`, stepping over
    /// nested literals, their interpolations and parentheses. Iterative: the nesting is an
    /// explicit stack on the heap, never the call stack, and at most
    /// ``maximumInterpolationDepth`` interpolations deep. Deeper, `output.tooDeep` is set
    /// and lexing stops there (`index` at the end). Nested literals are only skipped: the
    /// outer literal holds their source.
    mutating func skipInterpolation() {
        var stack: [SkipContext] = [.code(parentheses: 1)]
        var depth = 1
        while index < bytes.count, let top = stack.last {
            let byte = bytes[index]
            switch top {
            case .code(let parentheses):
                let run = byte == UInt8(ascii: "#") ? poundRun() : 0
                if run > 0, peek(run) != UInt8(ascii: "\"") {
                    // `#` that opens no raw string: passed as a whole run (linear).
                    index += run
                    continue
                }
                let pounds = run
                if pounds > 0 || byte == UInt8(ascii: "\"") {
                    index += pounds
                    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
                    index += multiline ? 3 : 1
                    stack.append(.string(pounds: pounds, multiline: multiline))
                    continue
                }
                index += 1
                if byte == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                } else if byte == UInt8(ascii: ")") {
                    if parentheses > 1 {
                        stack[stack.count - 1] = .code(parentheses: parentheses - 1)
                    } else {
                        stack.removeLast()
                        depth -= 1
                    }
                }
            case .string(let pounds, let multiline):
                if skipStringByte(pounds: pounds, multiline: multiline, stack: &stack, depth: &depth) { return }
            }
        }
    }

    /// One step in a literal nested in an interpolation: its end, an escape, a deeper
    /// interpolation, or a byte of its text. True when the nesting is too deep (lexing stops).
    mutating func skipStringByte(pounds: Int, multiline: Bool, stack: inout [SkipContext], depth: inout Int) -> Bool {
        let byte = bytes[index]
        let quotes = multiline ? 3 : 1
        if byte == UInt8(ascii: "\""), !multiline || (peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")),
           poundsFollow(at: index + quotes, pounds) {
            index += quotes + pounds
            stack.removeLast()
        } else if byte == 0x0A, !multiline {
            // Unterminated: the literal ends at the end of its line, as `readString` ends it.
            stack.removeLast()
        } else if byte == UInt8(ascii: "\\"), poundsFollow(at: index + 1, pounds) {
            let backslash = index
            index += 1 + pounds
            guard peek(0) == UInt8(ascii: "(") else {
                index = min(bytes.count, index + 1)
                return false
            }
            guard depth < Self.maximumInterpolationDepth else {
                output.tooDeep = base + backslash
                index = bytes.count
                return true
            }
            index += 1
            depth += 1
            stack.append(.code(parentheses: 1))
        } else {
            index += 1
        }
        return false
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
