import Foundation

/// Writes tokens of Apple's `.strings` format, so that every file the service
/// produces (bundles, translator stubs) reads back with the same parser.
package enum StringsFileWriter {
    /// A quoted token: `"` and `\` escaped, `\n \t \r` for those controls,
    /// `\Uxxxx` for the other C0 controls and DEL, so nothing invisible survives.
    package static func quoted(_ text: String) -> String {
        // Most texts need no escape: one copy, no per-scalar appends (a 110,000-string
        // store writes every value into its `.strings` bundles at load).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            var out = ""
            out.reserveCapacity(text.utf8.count + 2)
            out += "\""
            out += text
            out += "\""
            return out
        }
        var out = "\""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    /// Comment text that cannot end the comment early.
    package static func commentSafe(_ text: String) -> String {
        // Foundation's search is costly per call, and almost no text holds `*/`.
        var previous: UInt8 = 0
        let closes = text.utf8.contains { byte in
            defer { previous = byte }
            return previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/")
        }
        return closes ? text.replacingOccurrences(of: "*/", with: "* /") : text
    }
}
