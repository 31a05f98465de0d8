import Testing
import TestSupport
@testable import LabelCore

/// ``XMLEscaping``, the one XML escaper, held to the two escapers it replaced (kept here as
/// references, as they were): every input, valid XML text or not, gives the same bytes.
@Suite struct XMLEscapingTests {
    /// `StringsDictFileWriter.escaped` as it was: three entities, C0 controls but tab and
    /// newline as decimal references, the rest as is.
    private static func propertyListReference(_ text: String) -> String {
        let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;"]
        return text.unicodeScalars.map { scalar in
            if let entity = entities[scalar] { return entity }
            let literal = scalar.value >= 0x20 || scalar == "\t" || scalar == "\n"
            return literal ? String(scalar) : "&#\(scalar.value);"
        }.joined()
    }

    /// `LabelTranslators`' `XMLWriter.appendEscaped` as it was: five entities, tab/LF/CR as
    /// references, other C0 controls and U+FFFE/U+FFFF as U+FFFD.
    private static func strictReference(_ value: String) -> [UInt8] {
        let replacements: [Unicode.Scalar: String] = [
            "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;",
        ]
        let unwritable = { (scalar: Unicode.Scalar) in scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF }
        return Array(value.unicodeScalars.map { replacements[$0] ?? (unwritable($0) ? "\u{FFFD}" : String($0)) }.joined().utf8)
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
