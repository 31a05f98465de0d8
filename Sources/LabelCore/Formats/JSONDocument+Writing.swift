extension JSONDocument {
    /// The text as Xcode writes String Catalogs: two-space indents, `"key" : value`,
    /// an empty object as `{` blank line `}`; the caller adds what followed the old text.
    /// Strings are escaped by ``JSONWriter``, U+2028/U+2029 kept as they are.
    package func catalogText() -> String {
        var out: [UInt8] = []
        write(into: &out, depth: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8], depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        switch self {
        case .string(let value, let raw):
            if let raw {
                out.append(UInt8(ascii: "\""))
                out += raw.utf8
                out.append(UInt8(ascii: "\""))
            } else {
                JSONWriter.appendQuoted(value, lineSeparators: false, to: &out)
            }
        case .number(let raw):
            out += raw.utf8
        case .bool(let flag):
            out += (flag ? "true" : "false").utf8
        case .null:
            out += "null".utf8
        case .array(let elements):
            guard !elements.isEmpty else { out += "[\n\n\(indent)]".utf8; return }
            out += "[\n".utf8
            for (index, element) in elements.enumerated() {
                out += (indent + "  ").utf8
                element.write(into: &out, depth: depth + 1)
                out += (index + 1 < elements.count ? ",\n" : "\n").utf8
            }
            out += indent.utf8
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { out += "{\n\n\(indent)}".utf8; return }
            out += "{\n".utf8
            for (index, member) in members.enumerated() {
                out += (indent + "  ").utf8
                JSONWriter.appendQuoted(member.key, lineSeparators: false, to: &out)
                out += " : ".utf8
                member.value.write(into: &out, depth: depth + 1)
                out += (index + 1 < members.count ? ",\n" : "\n").utf8
            }
            out += indent.utf8
            out.append(UInt8(ascii: "}"))
        }
    }
}
