import LabelCore

/// Values as aapt2 reads the text of a `<string>` or `<item>` element: after XML
/// decoding, `\` escapes (`\n \t \' \" \\ \@ \? \uXXXX`), quotes that keep whitespace,
/// runs of whitespace collapsed and trimmed outside quotes, `'` an error outside
/// quotes, `@`/`?` at the start a reference. The escaped text decodes to `value`
/// character for character.
enum AndroidEscaping {
    /// The element text for `value`, wrapped in `"…"` when whitespace would otherwise
    /// be collapsed or trimmed (leading, trailing or repeated spaces, any whitespace
    /// other than U+0020).
    static func elementText(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count + 8)
        let quoted = needsQuotes(value)
        if quoted { out.append("\"") }
        var first = true
        for scalar in value.unicodeScalars {
            append(scalar, first: first, to: &out)
            first = false
        }
        if quoted { out.append("\"") }
        return out
    }

    /// The element text for `value` with `<annotation>` elements over `spans` (properly
    /// nested, as ``AndroidSpan/nested(_:)`` leaves them). aapt2 reads quotes per text
    /// node (a quote does not reach past a tag), so every text piece between tags is
    /// quoted on its own: whitespace is kept exactly wherever it falls.
    static func elementText(_ value: String, spans: [AndroidSpan]) -> String {
        let spans = spans.filter { $0.end > $0.start }
        guard !spans.isEmpty else { return elementText(value) }
        var opening: [Int: [AndroidSpan]] = [:]
        var closing: [Int: Int] = [:]
        for span in spans {
            opening[span.start, default: []].append(span)
            closing[span.end, default: 0] += 1
        }
        var out = ""
        var inPiece = false
        func tags(at offset: Int) {
            guard closing[offset] != nil || opening[offset] != nil else { return }
            if inPiece { out.append("\"") }
            inPiece = false
            for _ in 0..<(closing[offset] ?? 0) { out += "</annotation>" }
            for span in opening[offset] ?? [] { out += span.openingTag }
        }
        var offset = 0
        for scalar in value.unicodeScalars {
            tags(at: offset)
            if !inPiece { out.append("\"") }
            inPiece = true
            append(scalar, first: offset == 0, to: &out)
            offset += 1
        }
        tags(at: offset)
        if inPiece { out.append("\"") }
        return out
    }

    /// One scalar of a value as aapt2 reads it back.
    private static func append(_ scalar: Unicode.Scalar, first: Bool, to out: inout String) {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "'": out += "\\'"
        case "@" where first, "?" where first: out += "\\"; out.unicodeScalars.append(scalar)
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "&": out += "&amp;"
        case _ where scalar == "\r" || !XMLEscaping.isXMLCharacter(scalar):
            // Not allowed in XML 1.0 even as a character reference (and `\r` would be
            // normalized away by the XML reader): aapt2's own `\u` escape.
            out += "\\u" + hex4(scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }

    /// Whether aapt2 would change the value's whitespace outside quotes.
    static func needsQuotes(_ value: String) -> Bool {
        var previousWasSpace = true  // a leading space counts as a repeat
        for scalar in value.unicodeScalars {
            let isSpace = scalar == " "
            if isSpace, previousWasSpace { return true }
            // Printable ASCII is never white space: no Unicode property lookup for it.
            if !isSpace, scalar.value < 0x21 || scalar.value > 0x7E, scalar.properties.isWhitespace,
               scalar != "\n", scalar != "\t" { return true }
            previousWasSpace = isSpace
        }
        return previousWasSpace && !value.isEmpty
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<4).reversed().map { digits[Int((value >> (UInt32($0) * 4)) & 0xF)] })
    }

    /// Text safe inside `<!-- … -->`: no `--`, no character XML forbids.
    static func commentText(_ text: String) -> String {
        var out = ""
        var lastWasDash = false
        for scalar in text.unicodeScalars {
            // Tab and line breaks too: the comment is one line.
            if scalar.value < 0x20 || !XMLEscaping.isXMLCharacter(scalar) {
                out += " "
                lastWasDash = false
                continue
            }
            if scalar == "-", lastWasDash { out += " " }
            out.unicodeScalars.append(scalar)
            lastWasDash = scalar == "-"
        }
        if lastWasDash { out += " " }
        return out
    }
}
