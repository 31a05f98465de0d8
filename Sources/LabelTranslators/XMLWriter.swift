import LabelCore

/// Writes XML 1.0 with every data string escaped (LabelCore's ``XMLEscaping``, for a
/// strict document); names are the program's own.
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
            XMLEscaping.append(value, to: &bytes, .strictDocument)
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

    mutating func element(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:], text: String) {
        open(name, attributes)
        XMLEscaping.append(text, to: &bytes, .strictDocument)
        close(name)
    }
}
