extension JSONDocument {
    /// The text as Xcode writes String Catalogs: two-space indents, `"key" : value`,
    /// an empty object as `{` blank line `}`; the caller adds what followed the old text.
    func catalogText() -> String {
        var text = ""
        write(into: &text, depth: 0)
        return text
    }

    private func write(into text: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        switch self {
        case .string(let value, let raw):
            text += "\"" + (raw ?? Self.escaped(value)) + "\""
        case .number(let raw):
            text += raw
        case .bool(let flag):
            text += flag ? "true" : "false"
        case .null:
            text += "null"
        case .array(let elements):
            guard !elements.isEmpty else { text += "[\n\n\(indent)]"; return }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += indent + "  "
                element.write(into: &text, depth: depth + 1)
                text += index + 1 < elements.count ? ",\n" : "\n"
            }
            text += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { text += "{\n\n\(indent)}"; return }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += indent + "  \"" + Self.escaped(member.key) + "\" : "
                member.value.write(into: &text, depth: depth + 1)
                text += index + 1 < members.count ? ",\n" : "\n"
            }
            text += indent + "}"
        }
    }

    /// `"` and `\` escaped, `\n \r \t` and `\uXXXX` for other controls; `/` as is.
    static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
