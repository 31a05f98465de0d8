/// Reads the attributes of one piece of markup, `name: value, …)`, as Foundation reads them:
/// the text between the parentheses is a JSON5 object's members. Names are identifiers or
/// quoted strings; values are strings (`"…"` or `'…'`, with JSON5's escapes, plus Swift's
/// `\u{…}`), numbers (decimal, signed, fractions, exponents, hexadecimal), `true`/`false`,
/// and objects or arrays (kept as their source text, see ``InlineAttributeValue``). JSON5's
/// whitespace, comments and trailing comma are allowed.
struct InlineAttributeReader {
    let bytes: [UInt8]
    /// Where reading continues; after ``readAttributes()`` succeeds, one past the `)`.
    var position: Int
    let upper: Int
    /// Problems with a well-formed run's values (dropped or duplicate attributes).
    private(set) var problems: [InlineMarkupProblem] = []
    /// Why ``readAttributes()`` returned nil, and where.
    private(set) var failure = InlineMarkupProblem.Kind.malformedAttributes
    private(set) var failureOffset = 0

    init(bytes: [UInt8], position: Int, upper: Int) {
        self.bytes = bytes
        self.position = position
        self.upper = upper
    }

    /// A read value: one a run can carry, or one JSON5 allows that no run can (`null`).
    enum Value {
        case value(InlineAttributeValue)
        case unsupported
    }

    /// The attributes in the order written (a repeated name keeps its last value, in the
    /// place of its first), or nil when the members are not well-formed.
    mutating func readAttributes() -> [LabelRun.Attribute]? {
        var attributes: [LabelRun.Attribute] = []
        skipSpace()
        while position < upper, bytes[position] != UInt8(ascii: ")") {
            let nameOffset = position
            guard let name = readName() else { return nil }
            skipSpace()
            guard expect(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            let valueOffset = position
            guard let value = readValue() else { return nil }
            if case .value(let value) = value {
                if let index = attributes.firstIndex(where: { $0.name == name }) {
                    problems.append(InlineMarkupProblem(.duplicateAttribute, at: nameOffset))
                    attributes[index].value = value
                } else {
                    attributes.append(LabelRun.Attribute(name: name, value: value))
                }
            } else {
                problems.append(InlineMarkupProblem(.unsupportedValue, at: valueOffset))
            }
            skipSpace()
            guard position < upper, bytes[position] != UInt8(ascii: ")") else { break }
            guard expect(UInt8(ascii: ",")) else { return nil }
            skipSpace()
        }
        guard expect(UInt8(ascii: ")")) else { return nil }
        return attributes
    }

    /// Records a failure at the current position: unterminated at the end, else malformed.
    mutating func fail() {
        failure = position >= upper ? .unterminatedAttributes : .malformedAttributes
        failureOffset = min(position, max(upper - 1, 0))
    }

    mutating func expect(_ byte: UInt8) -> Bool {
        guard position < upper, bytes[position] == byte else {
            fail()
            return false
        }
        position += 1
        return true
    }

    private mutating func readName() -> String? {
        guard position < upper else {
            fail()
            return nil
        }
        let first = bytes[position]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            return readString()
        }
        let start = position
        while position < upper, Self.isIdentifierByte(bytes[position], first: position == start) {
            position += 1
        }
        guard position > start else {
            fail()
            return nil
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return !first
        default:
            return false
        }
    }

    private mutating func readValue() -> Value? {
        guard position < upper else {
            fail()
            return nil
        }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return readString().map { .value(.string($0)) }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return readComposite().map { .value(.string($0)) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return readWord()
        default:
            return readNumber()
        }
    }

    private mutating func readWord() -> Value? {
        let start = position
        while position < upper, Self.isIdentifierByte(bytes[position], first: false) {
            position += 1
        }
        switch String(decoding: bytes[start..<position], as: UTF8.self) {
        case "true": return .value(.boolean(true))
        case "false": return .value(.boolean(false))
        case "null": return .unsupported
        default:
            position = start
            fail()
            return nil
        }
    }

    /// JSON5 whitespace (ASCII) and comments.
    mutating func skipSpace() {
        while position < upper {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where position + 1 < upper && bytes[position + 1] == UInt8(ascii: "/"):
                while position < upper, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            case UInt8(ascii: "/") where position + 1 < upper && bytes[position + 1] == UInt8(ascii: "*"):
                position += 2
                while position + 1 < upper, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                position = min(position + 2, upper)
            default:
                return
            }
        }
    }
}
