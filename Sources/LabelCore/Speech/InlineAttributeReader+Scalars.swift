/// Strings, numbers and composite values inside `(…)`.
extension InlineAttributeReader {
    /// A quoted string (`"` or `'`) with JSON5's escapes and Swift's `\u{…}`.
    mutating func readString() -> String? {
        let quote = bytes[position]
        position += 1
        var text: [UInt8] = []
        while position < upper {
            let byte = bytes[position]
            switch byte {
            case quote:
                position += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard readEscape(into: &text) else { return nil }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                fail()
                return nil
            default:
                text.append(byte)
                position += 1
            }
        }
        fail()
        return nil
    }

    /// The escape at `position` (the backslash), appended to `text`.
    private mutating func readEscape(into text: inout [UInt8]) -> Bool {
        position += 1
        guard position < upper else {
            fail()
            return false
        }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "v"): text.append(0x0B)
        case UInt8(ascii: "0") where position >= upper || !Self.isDigit(bytes[position]):
            text.append(0)
        case UInt8(ascii: "1")...UInt8(ascii: "9"), UInt8(ascii: "0"):
            position -= 1
            fail()
            return false
        case UInt8(ascii: "x"):
            guard let value = readHex(count: 2) else { return false }
            append(Unicode.Scalar(UInt8(value)), to: &text)
        case UInt8(ascii: "u"):
            guard let scalar = readUnicodeEscape() else { return false }
            append(scalar, to: &text)
        case UInt8(ascii: "\r"):
            if position < upper, bytes[position] == UInt8(ascii: "\n") { position += 1 }
        case UInt8(ascii: "\n"):
            break
        default:
            text.append(byte)
        }
        return true
    }

    private func append(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        text.append(contentsOf: String(Character(scalar)).utf8)
    }

    /// After `\u`: `{1…8 hex}` or four hex digits, a high surrogate followed by `\uXXXX`
    /// with its low surrogate.
    private mutating func readUnicodeEscape() -> Unicode.Scalar? {
        if position < upper, bytes[position] == UInt8(ascii: "{") {
            position += 1
            let start = position
            while position < upper, position - start < 8, Self.hexValue(bytes[position]) != nil { position += 1 }
            guard position > start, let value = UInt32(String(decoding: bytes[start..<position], as: UTF8.self), radix: 16),
                expect(UInt8(ascii: "}"))
            else {
                fail()
                return nil
            }
            return scalar(value, at: start)
        }
        guard let high = readHex(count: 4) else { return nil }
        guard (0xD800...0xDBFF).contains(high) else { return scalar(high, at: position) }
        guard position + 1 < upper, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
            fail()
            return nil
        }
        position += 2
        guard let low = readHex(count: 4) else { return nil }
        guard (0xDC00...0xDFFF).contains(low) else {
            fail()
            return nil
        }
        return scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00), at: position)
    }

    private mutating func scalar(_ value: UInt32, at offset: Int) -> Unicode.Scalar? {
        guard let scalar = Unicode.Scalar(value) else {
            position = offset
            fail()
            return nil
        }
        return scalar
    }

    private mutating func readHex(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard position < upper, let digit = Self.hexValue(bytes[position]) else {
                fail()
                return nil
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A JSON5 number: sign, then `Infinity`, `NaN` (well-formed, but no run can carry
    /// them), hexadecimal `0x…`, or decimal digits with an optional fraction and exponent
    /// (`.5` and `5.` allowed).
    mutating func readNumber() -> Value? {
        let start = position
        var negative = false
        if position < upper, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        let word = position
        while position < upper, Self.isIdentifierByte(bytes[position], first: false) || bytes[position] == UInt8(ascii: ".")
            || ((bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
                && (bytes[position - 1] | 0x20) == UInt8(ascii: "e") && !isHex(from: word))
        {
            position += 1
        }
        let text = String(decoding: bytes[word..<position], as: UTF8.self)
        if text == "Infinity" || text == "NaN" { return .unsupported }
        if isHex(from: word), let value = UInt64(text.dropFirst(2), radix: 16) {
            return .value(.number(negative ? -Double(value) : Double(value)))
        }
        if Self.isDecimal(text), let value = Double(text) {
            return .value(.number(negative ? -value : value))
        }
        position = start
        fail()
        return nil
    }

    private func isHex(from offset: Int) -> Bool {
        offset + 1 < upper && bytes[offset] == UInt8(ascii: "0") && (bytes[offset + 1] | 0x20) == UInt8(ascii: "x")
    }

    /// `digits [. digits] [e [±] digits]` with digits on at least one side of the point.
    static func isDecimal(_ text: String) -> Bool {
        var utf8 = text.utf8[...]
        let integer = utf8.prefix { isDigit($0) }.count
        utf8 = utf8.dropFirst(integer)
        var fraction = 0
        if utf8.first == UInt8(ascii: ".") {
            utf8 = utf8.dropFirst()
            fraction = utf8.prefix { isDigit($0) }.count
            utf8 = utf8.dropFirst(fraction)
        }
        guard integer + fraction > 0 else { return false }
        if let first = utf8.first, first | 0x20 == UInt8(ascii: "e") {
            utf8 = utf8.dropFirst()
            if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
            let exponent = utf8.prefix { isDigit($0) }.count
            guard exponent > 0 else { return false }
            utf8 = utf8.dropFirst(exponent)
        }
        return utf8.isEmpty
    }

    /// An object or array, brackets balanced outside strings: its source text.
    mutating func readComposite() -> String? {
        let start = position
        var depth = 0
        while position < upper {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    position += 1
                    return String(decoding: bytes[start..<position], as: UTF8.self)
                }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard readString() != nil else { return nil }
                continue
            case UInt8(ascii: ")"):
                fail()
                return nil
            default:
                break
            }
            position += 1
        }
        fail()
        return nil
    }
}
