/// XML text escaped in one place, with one rule for what XML 1.0 can hold
/// (``isXMLCharacter(_:)``): the `.stringsdict` writers (``StringsDictFileWriter``,
/// `LabelImport`'s merge, `LabelClient`'s bundle) and `LabelTranslators`' XLIFF export.
///
/// Always: `&` `<` `>` as entities. What differs is where the text goes (``Context``):
/// a property list is read back by CoreFoundation, which takes numeric references to
/// any code point; an XLIFF file is read by strict XML tools, which take none that
/// XML 1.0 excludes. `LabelImport` refuses such characters before writing at all.
package enum XMLEscaping {
    package enum Context: Sendable {
        /// A `<key>` or `<string>` of an Apple property list: tab and newline as they
        /// are; CR (which parsers would read as a newline) and the other C0 controls as
        /// decimal references (`&#13;`, `&#1;`), which Foundation reads back.
        case propertyListText
        /// Text or an attribute value of a strict XML 1.0 document: also `"` and `'` as
        /// entities; tab, newline and CR as references (attribute normalization cannot
        /// eat them); what XML 1.0 cannot carry (other C0 controls, U+FFFE, U+FFFF)
        /// replaced by U+FFFD.
        case strictDocument
    }

    /// `text` escaped for `context`; `text` itself when nothing in it needs escaping.
    package static func escaped(_ text: String, _ context: Context) -> String {
        guard text.utf8.contains(where: { needsLook($0, context) }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        append(text, to: &out, context)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` escaped for `context`.
    package static func append(_ text: String, to out: inout [UInt8], _ context: Context) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".utf8)
            case "<": out.append(contentsOf: "&lt;".utf8)
            case ">": out.append(contentsOf: "&gt;".utf8)
            case "\"" where context == .strictDocument: out.append(contentsOf: "&quot;".utf8)
            case "'" where context == .strictDocument: out.append(contentsOf: "&apos;".utf8)
            case "\t" where context == .propertyListText, "\n" where context == .propertyListText:
                out.append(UInt8(scalar.value))
            case "\u{0}"..."\u{1F}" where context == .propertyListText || isXMLCharacter(scalar):
                out.append(contentsOf: "&#\(scalar.value);".utf8)
            default:
                if context == .strictDocument, !isXMLCharacter(scalar) {
                    out.append(contentsOf: "\u{FFFD}".utf8)
                } else {
                    UTF8.encode(scalar) { out.append($0) }  // no String per character
                }
            }
        }
    }

    /// XML 1.0's Char production: what a document can hold, literally or as a reference.
    package static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Whether a UTF-8 byte may start something ``append(_:to:_:)`` changes.
    private static func needsLook(_ byte: UInt8, _ context: Context) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E: true
        case 0x09, 0x0A: context == .strictDocument
        case 0..<0x20: true
        case 0x22, 0x27: context == .strictDocument
        case 0xEF: context == .strictDocument  // leads U+FFFE and U+FFFF
        default: false
        }
    }
}
