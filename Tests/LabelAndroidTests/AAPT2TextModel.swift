import Foundation
/// A model of how aapt2 decodes a `<string>` element's text (XML entities, then its
/// `StringBuilder`: `"` toggles quoting, ASCII whitespace collapses to one space and is
/// trimmed at the ends outside quotes, `\` escapes, an unescaped `'` outside quotes is an
/// error, a leading `@`/`?` a reference). The outside oracle is aapt2 itself
/// (scripts/check-android.sh); this lets unit tests state the same property.
enum AAPT2TextModel {
    enum Failure: Error { case unescapedApostrophe, reference, badEscape }

    static func decode(_ element: String) throws(Failure) -> String {
        let text = element.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        if text.hasPrefix("@") || text.hasPrefix("?") { throw .reference }
        var out: [Unicode.Scalar] = []
        var quoted = false
        var escaping = false
        var lastWasSpace = false
        var protectedCount = 0  // scalars that trimming must not remove (escaped or quoted)
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if escaping {
                escaping = false
                switch scalar {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "u":
                    let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
                    guard hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value)
                    else { throw .badEscape }
                    scalars = scalars.dropFirst(4)
                    out.append(decoded)
                default: out.append(scalar)
                }
                protectedCount = out.count
                lastWasSpace = false
                continue
            }
            if !quoted, scalar.isASCII, [" ", "\t", "\n", "\r"].contains(Character(scalar)) {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            switch scalar {
            case "\\": escaping = true
            case "\"": quoted.toggle()
            case "'" where !quoted: throw .unescapedApostrophe
            default:
                out.append(scalar)
                if quoted { protectedCount = out.count }
            }
        }
        // Trim unprotected whitespace at both ends.
        while out.count > protectedCount, out.last == " " { out.removeLast() }
        var start = 0
        while start < out.count, out[start] == " ", !text.hasPrefix("\"") { start += 1 }
        return String(String.UnicodeScalarView(out[start...]))
    }
}
