/// Writes compact JSON with fields in the order given.
///
/// Responses are small and their field order is part of what people read, so
/// a writer that appends is simpler and faster than `JSONEncoder`.
public struct JSONWriter: Sendable {
    public private(set) var text = ""
    private var needsComma = false

    public init() { text.reserveCapacity(256) }

    public mutating func beginObject() { separator(); text += "{"; needsComma = false }
    public mutating func endObject() { text += "}"; needsComma = true }

    public mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { Self.appendQuoted(value, to: &text) } else { text += "null" }
        needsComma = true
    }

    public mutating func field(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
        needsComma = true
    }

    /// Starts a nested object as the value of `name`.
    public mutating func beginObject(_ name: String) { key(name); text += "{"; needsComma = false }

    private mutating func key(_ name: String) {
        separator()
        Self.appendQuoted(name, to: &text)
        text += ":"
        needsComma = false
    }

    private mutating func separator() { if needsComma { text += "," } }

    /// RFC 8259 string escaping; non-ASCII passes through as UTF-8.
    public static func appendQuoted(_ value: String, to out: inout String) {
        out += "\""
        var pending = value.unicodeScalars.startIndex
        let scalars = value.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escape = nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[pending..<index])
                out += escape
                pending = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.unicodeScalars.append(contentsOf: scalars[pending..<scalars.endIndex])
        out += "\""
    }
}
