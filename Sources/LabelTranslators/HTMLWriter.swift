/// Writes HTML as UTF-8 bytes, escaping every piece of data by construction.
///
/// Tag and attribute names are `StaticString`s: only the program can spell
/// markup. Every `String` (keys, values, URLs) goes through ``appendEscaped``,
/// so data can never become an element or an attribute, whatever a client
/// recorded as a key. There is no way to append a data string unescaped.
struct HTMLWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    /// Fixed markup written by the program (the doctype).
    mutating func markup(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `<tag a="v" …>`; attribute values are escaped.
    mutating func open(_ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:]) {
        bytes.append(UInt8(ascii: "<"))
        markup(tag)
        for (name, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            markup(name)
            bytes.append(contentsOf: #"=""#.utf8)
            Self.appendEscaped(value, to: &bytes, reveal: false)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// `</tag>`.
    mutating func close(_ tag: StaticString) {
        bytes.append(contentsOf: "</".utf8)
        markup(tag)
        bytes.append(UInt8(ascii: ">"))
    }

    /// Escaped text content.
    mutating func text(_ value: String) { Self.appendEscaped(value, to: &bytes, reveal: false) }

    /// Escaped text with invisible control and bidirectional-formatting
    /// characters shown as `⟨U+202E⟩`, for data a client chose (keys): an RTL
    /// override must not disguise a key as another one.
    mutating func data(_ value: String) { Self.appendEscaped(value, to: &bytes, reveal: true) }

    /// `<tag attrs>text</tag>`.
    mutating func element(_ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:], text value: String) {
        open(tag, attributes)
        text(value)
        close(tag)
    }

    /// Escapes `& < > " '`; with `reveal`, also makes C0/C1 controls and bidi
    /// formatting characters visible.
    static func appendEscaped(_ value: String, to out: inout [UInt8], reveal: Bool) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".utf8)
            case "<": out.append(contentsOf: "&lt;".utf8)
            case ">": out.append(contentsOf: "&gt;".utf8)
            case "\"": out.append(contentsOf: "&quot;".utf8)
            case "'": out.append(contentsOf: "&#39;".utf8)
            default:
                if reveal && Self.isInvisibleControl(scalar) {
                    out.append(contentsOf: "⟨U+".utf8)
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out.append(contentsOf: String(repeating: "0", count: max(0, 4 - hex.count)).utf8)
                    out.append(contentsOf: hex.utf8)
                    out.append(contentsOf: "⟩".utf8)
                } else if scalar.value == 0 {
                    out.append(contentsOf: "\u{FFFD}".utf8)   // NUL is a parse error in HTML
                } else {
                    UTF8.encode(scalar) { out.append($0) }   // no String per character
                }
            }
        }
    }

    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0xFEFF: true
        default: false
        }
    }
}
