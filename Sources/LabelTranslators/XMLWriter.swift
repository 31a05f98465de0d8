/// Writes XML 1.0 with every data string escaped; names are the program's own.
struct XMLWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func markup(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    mutating func open(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:], selfClosing: Bool = false) {
        bytes.append(UInt8(ascii: "<"))
        markup(name)
        for (attribute, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            markup(attribute)
            bytes.append(contentsOf: #"=""#.utf8)
            Self.appendEscaped(value, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        if selfClosing { bytes.append(UInt8(ascii: "/")) }
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func close(_ name: StaticString) {
        bytes.append(contentsOf: "</".utf8)
        markup(name)
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func element(_ name: StaticString, text: String) {
        open(name)
        Self.appendEscaped(text, to: &bytes)
        close(name)
    }

    /// Escapes `& < > " '`, keeps tab/LF/CR as character references (so
    /// attribute normalization cannot eat them), and replaces what XML 1.0
    /// cannot carry at all (other C0 controls, U+FFFE, U+FFFF) with U+FFFD.
    static func appendEscaped(_ value: String, to out: inout [UInt8]) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".utf8)
            case "<": out.append(contentsOf: "&lt;".utf8)
            case ">": out.append(contentsOf: "&gt;".utf8)
            case "\"": out.append(contentsOf: "&quot;".utf8)
            case "'": out.append(contentsOf: "&apos;".utf8)
            case "\t": out.append(contentsOf: "&#9;".utf8)
            case "\n": out.append(contentsOf: "&#10;".utf8)
            case "\r": out.append(contentsOf: "&#13;".utf8)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out.append(contentsOf: "\u{FFFD}".utf8)
                } else {
                    UTF8.encode(scalar) { out.append($0) }   // no String per character
                }
            }
        }
    }
}
