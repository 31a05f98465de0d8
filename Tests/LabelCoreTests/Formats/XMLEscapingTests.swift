import Testing
import TestSupport
@testable import LabelCore

/// ``XMLEscaping``, the one XML escaper, held to the two escapers it replaced (kept here as
/// references, as they were): every input, valid XML text or not, gives the same bytes.
@Suite struct XMLEscapingTests {
    /// `StringsDictFileWriter.escaped` as it was.
    private static func propertyListReference(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}": out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `LabelTranslators`' `XMLWriter.appendEscaped` as it was.
    private static func strictReference(_ value: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;".utf8
            case "<": out += "&lt;".utf8
            case ">": out += "&gt;".utf8
            case "\"": out += "&quot;".utf8
            case "'": out += "&apos;".utf8
            case "\t": out += "&#9;".utf8
            case "\n": out += "&#10;".utf8
            case "\r": out += "&#13;".utf8
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}".utf8
                } else {
                    out += String(scalar).utf8
                }
            }
        }
        return out
    }

    private static let pieces: [String] = [
        "a", "Zz", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\r\n", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
        "ü", "€", "😀", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{2028}", "&amp;", "]]>", "%1$@",
    ]

    private static func samples() -> [String] {
        var random = SeededGenerator(seed: 37)
        var samples = pieces + [""]
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...12, using: &random)
            samples.append((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        return samples
    }

    @Test func propertyListTextIsTheStringsDictWritersBytes() {
        for text in Self.samples() {
            #expect(XMLEscaping.escaped(text, .propertyListText) == Self.propertyListReference(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func strictDocumentIsTheXLIFFWritersBytes() {
        for text in Self.samples() {
            var out: [UInt8] = []
            XMLEscaping.append(text, to: &out, .strictDocument)
            #expect(out == Self.strictReference(text), "\(Array(text.unicodeScalars))")
            #expect(Array(XMLEscaping.escaped(text, .strictDocument).utf8) == out)
        }
    }

    @Test func textNeedingNothingComesBackAsItIs() {
        #expect(XMLEscaping.escaped("Close tab %@", .propertyListText) == "Close tab %@")
        #expect(XMLEscaping.escaped("tab\tand\nline", .propertyListText) == "tab\tand\nline")
        #expect(XMLEscaping.escaped("tab\tand\nline", .strictDocument) == "tab&#9;and&#10;line")
    }

    @Test func xmlCharacterIsXML10sCharProduction() {
        #expect(XMLEscaping.isXMLCharacter("\t") && XMLEscaping.isXMLCharacter("\n") && XMLEscaping.isXMLCharacter("\r"))
        #expect(!XMLEscaping.isXMLCharacter("\u{0}") && !XMLEscaping.isXMLCharacter("\u{1F}"))
        #expect(!XMLEscaping.isXMLCharacter("\u{FFFE}") && !XMLEscaping.isXMLCharacter("\u{FFFF}"))
        #expect(XMLEscaping.isXMLCharacter("\u{FFFD}") && XMLEscaping.isXMLCharacter("😀"))
    }
}
