/// The XML half of ``PropertyListReader``: `<plist>` documents in UTF-8.
///
/// Follows CoreFoundation's XML plist parser where it accepts: the prolog
/// (`<?xml …?>`, comments, `<!DOCTYPE …>` without an internal subset),
/// comments between elements, the five predefined entities and numeric
/// character references, CDATA sections inside text, `<tag/>` for empty
/// values, a repeated key's last value, and anything after `</plist>` ignored.
/// Forms CoreFoundation accepts but this scanner does not follow (attributes
/// on value tags, `<true></true>`, hexadecimal or signed-plus integers,
/// out-of-range dates it normalises, sloppy base64, processing instructions)
/// are `unsupported`, so Foundation decides them.
package struct XMLPropertyListScanner {
    /// LabelCore's one XML byte cursor, shared with `LabelImport`'s tree reader.
    private var cursor: XMLByteCursor
    private var bytes: UnsafeRawBufferPointer { cursor.bytes }
    private var index: Int {
        get { cursor.index }
        set { cursor.index = newValue }
    }

    init(_ bytes: UnsafeRawBufferPointer) { cursor = XMLByteCursor(bytes) }

    /// The whole document: prolog, `<plist>`, one value, `</plist>`.
    mutating func readDocument() throws(PropertyListReadError) -> PropertyListValue {
        if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 || bytes[0] == 0xFE || bytes[0] == 0xFF {
            throw unsupported("UTF-16 or UTF-32 XML")
        }
        _ = cursor.skipByteOrderMark()
        try readProlog()
        try readPlistOpenTag()
        try skipMisc()
        if at("</plist>") { throw malformed("empty plist") }
        let value = try readValue(depth: 0)
        try skipMisc()
        // CoreFoundation stops at the end of the plist element and ignores what follows.
        guard at("</plist>") else {
            if at("</plist") { throw unsupported("unusual </plist> tag") }
            // CoreFoundation skips a processing instruction here (found by the fuzzer:
            // `</dict><?xml version=?></plist>` reads); other `<?`/`<!` markup is its call too.
            if at("<?") || at("<!") { throw unsupported("markup after the value") }
            throw malformed("more than one value in <plist>, or no </plist>")
        }
        return value
    }

    private mutating func readProlog() throws(PropertyListReadError) {
        var first = true
        while true {
            skipWhitespace()
            if first, at("<?xml") {
                guard let end = find("?>", from: index) else { throw malformed("unterminated XML declaration") }
                try checkEncoding(declaration: index..<end)
                index = end + 2
            } else if at("<!--") {
                try skipComment()
            } else if at("<!DOCTYPE") {
                switch cursor.skipDoctype() {
                case .skipped: break
                case .internalSubset: throw unsupported("DTD internal subset")
                case .unterminated: throw malformed("unterminated DOCTYPE")
                }
            } else {
                return
            }
            first = false
        }
    }

    /// Only a plain declaration (`version`, `encoding`, `standalone` attributes,
    /// each quoted) in UTF-8, declared or by default, is read here.
    private func checkEncoding(declaration: Range<Int>) throws(PropertyListReadError) {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[declaration]), as: UTF8.self)
        var rest = Substring(text.dropFirst(5))
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if rest.isEmpty { return }
            let name = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(name.count)
            guard ["version", "encoding", "standalone"].contains(name), rest.first == "=",
                let quote = rest.dropFirst().first, quote == "\"" || quote == "'"
            else { throw unsupported("unusual XML declaration") }
            rest = rest.dropFirst(2)
            guard let end = rest.firstIndex(of: quote) else { throw unsupported("unusual XML declaration") }
            let value = rest[..<end]
            guard value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }),
                name != "encoding" || value.lowercased() == "utf-8"
            else { throw unsupported("XML declaration with \(name) \(value)") }
            rest = rest[rest.index(after: end)...]
            guard rest.isEmpty || rest.first!.isWhitespace else { throw unsupported("unusual XML declaration") }
        }
    }

    private mutating func readPlistOpenTag() throws(PropertyListReadError) {
        guard at("<plist") else { throw unsupported("no <plist> element") }
        index += 6
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") || XMLByteCursor.isSpace(bytes[index]) else {
            throw unsupported("no <plist> element")
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            if bytes[index] == UInt8(ascii: "<") { throw unsupported("<plist> tag not closed") }
            index += 1
        }
        guard index < bytes.count, bytes[index - 1] != UInt8(ascii: "/") else { throw unsupported("empty <plist/>") }
        index += 1
    }

    /// One value element, `index` at its `<`.
    private mutating func readValue(depth: Int) throws(PropertyListReadError) -> PropertyListValue {
        guard depth < PropertyListReader.maximumDepth else { throw unsupported("nesting deeper than \(PropertyListReader.maximumDepth)") }
        guard index < bytes.count else { throw malformed("unexpected end of input") }
        guard bytes[index] == UInt8(ascii: "<") else { throw malformed("text where a value tag belongs") }
        let (name, empty) = try readOpenTag()
        switch name {
        case "dict": return empty ? .dictionary([:]) : try readDictionary(depth: depth)
        case "array": return empty ? .array([]) : try readArray(depth: depth)
        case "string": return .string(empty ? "" : try readText(closing: "string"))
        case "true", "false":
            guard empty else { throw unsupported("<\(name)> with content") }
            return .boolean(name == "true")
        case "integer", "real", "date", "data":
            guard !empty else { throw unsupported("empty <\(name)/>") }
            return try readScalar(name)
        case "key", "plist", "":
            throw unsupported("<\(name)> where a value belongs")
        default:
            throw malformed("unknown tag <\(name)>")
        }
    }

    /// `<name>` or `<name/>`; attributes and whitespace in tags are left to Foundation.
    private mutating func readOpenTag() throws(PropertyListReadError) -> (name: String, empty: Bool) {
        let start = index + 1
        var end = start
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if end < bytes.count, bytes[end] == UInt8(ascii: ">") {
            index = end + 1
            return (name, false)
        }
        if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "/"), bytes[end + 1] == UInt8(ascii: ">") {
            index = end + 2
            return (name, true)
        }
        throw unsupported("tag <\(name)> with attributes or unusual syntax")
    }

    private mutating func readDictionary(depth: Int) throws(PropertyListReadError) -> PropertyListValue {
        var entries: [String: PropertyListValue] = [:]
        while true {
            try skipMisc()
            if at("</dict>") {
                index += 7
                return .dictionary(entries)
            }
            let key: String
            if at("<key>") {
                index += 5
                key = try readText(closing: "key")
            } else if at("<key/>") {
                index += 6
                key = ""
            } else if index >= bytes.count || bytes[index] != UInt8(ascii: "<") {
                throw malformed("text or end of input where <key> belongs")
            } else {
                throw unsupported("<dict> content other than <key>")
            }
            try skipMisc()
            if at("</dict>") { throw malformed("value missing for key \"\(key)\"") }
            entries[key] = try readValue(depth: depth + 1)
        }
    }

    private mutating func readArray(depth: Int) throws(PropertyListReadError) -> PropertyListValue {
        var elements: [PropertyListValue] = []
        while true {
            try skipMisc()
            if at("</array>") {
                index += 8
                return .array(elements)
            }
            elements.append(try readValue(depth: depth + 1))
        }
    }

    /// Text content up to `</closing>`: entities and CDATA resolved, UTF-8 checked.
    private mutating func readText(closing name: StaticString) throws(PropertyListReadError) -> String {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&"), bytes[index] != 0 {
            index += 1
        }
        var buffer: [UInt8]
        if index < bytes.count, bytes[index] == UInt8(ascii: "<"), try atCloseTag(name) {
            // The common case: plain text, made into a String straight from the input.
            let text = try makeString(start..<index)
            index += name.utf8CodeUnitCount + 3
            return text
        }
        buffer = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        try readEscapedText(into: &buffer, closing: name)
        guard let text = String(validating: buffer, as: UTF8.self) else { throw unsupported("text is not valid UTF-8") }
        return text
    }

    /// The rest of a text with entities or CDATA, `index` at the first of them.
    private mutating func readEscapedText(into buffer: inout [UInt8], closing name: StaticString) throws(PropertyListReadError) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "&"):
                try readEntity(into: &buffer)
            case UInt8(ascii: "<"):
                if at("<![CDATA[") {
                    guard let end = find("]]>", from: index + 9) else { throw malformed("unterminated CDATA") }
                    buffer += UnsafeRawBufferPointer(rebasing: bytes[(index + 9)..<end])
                    index = end + 3
                } else if try atCloseTag(name) {
                    index += name.utf8CodeUnitCount + 3
                    return
                } else {
                    throw unsupported("markup inside text")
                }
            case 0:
                throw unsupported("NUL byte in text")
            default:
                buffer.append(bytes[index])
                index += 1
            }
        }
        throw malformed("unexpected end of input in text")
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#N;` `&#xH;`.
    private mutating func readEntity(into buffer: inout [UInt8]) throws(PropertyListReadError) {
        guard let (name, semicolon) = cursor.reference() else { throw unsupported("unknown entity") }
        guard let scalar = Self.entityScalar(Substring(name)) else {
            throw unsupported("unknown entity or character reference &\(name);")
        }
        buffer.append(contentsOf: String(scalar).utf8)
        index = semicolon + 1
    }

    /// The scalar an entity name (between `&` and `;`) stands for: the five
    /// predefined entities, `#N` and `#xH` (lowercase `x`, digits only, a real
    /// scalar); nil for anything else. Shared with ``PlistKeyLocator``, so its
    /// keys are the reader's keys, and with `LabelImport`'s XLIFF reader.
    package static func entityScalar(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.first == "#" else { return nil }
            var digits = name.dropFirst()
            let radix = digits.first == "x" ? 16 : 10
            if radix == 16 { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit && (radix == 16 || $0.isNumber) }),
                let value = UInt32(digits, radix: radix)
            else { return nil }
            return Unicode.Scalar(value)
        }
    }

    /// At `</name>`; `</` with another name is an error, as in CoreFoundation.
    private func atCloseTag(_ name: StaticString) throws(PropertyListReadError) -> Bool {
        let length = name.utf8CodeUnitCount
        guard index + length + 3 <= bytes.count, bytes[index + 1] == UInt8(ascii: "/") else { return false }
        let matches = UnsafeRawBufferPointer(rebasing: bytes[(index + 2)..<(index + 2 + length)])
            .elementsEqual(UnsafeRawBufferPointer(start: name.utf8Start, count: length))
        guard matches else { throw malformed("close tag does not match <\(name)>") }
        // `</string  >`: CoreFoundation allows whitespace there; left to it.
        guard bytes[index + 2 + length] == UInt8(ascii: ">") else { throw unsupported("unusual close tag </\(name)") }
        return true
    }

    /// Where the scanner is, for errors raised outside this file.
    var offset: Int { index }

    /// A scalar element's raw ASCII content up to `</name>`.
    mutating func scalarText(closing name: String) throws(PropertyListReadError) -> String {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            guard bytes[index] < 0x80, bytes[index] != UInt8(ascii: "&") else { throw unsupported("<\(name)> with entities or non-ASCII") }
            index += 1
        }
        let close = Array("</\(name)>".utf8)
        guard index + close.count <= bytes.count,
            UnsafeRawBufferPointer(rebasing: bytes[index..<(index + close.count)]).elementsEqual(close)
        else { throw unsupported("<\(name)> not closed by </\(name)>") }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += close.count
        return text
    }

    private func makeString(_ range: Range<Int>) throws(PropertyListReadError) -> String {
        let slice = UnsafeRawBufferPointer(rebasing: bytes[range])
        guard let text = String(validating: slice.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw unsupported("text is not valid UTF-8")
        }
        return text
    }
}

extension XMLPropertyListScanner {
    /// Whitespace and comments between elements.
    private mutating func skipMisc() throws(PropertyListReadError) {
        while true {
            skipWhitespace()
            guard at("<!--") else { return }
            try skipComment()
        }
    }

    private mutating func skipComment() throws(PropertyListReadError) {
        guard cursor.skipComment() else { throw malformed("unterminated comment") }
    }

    private mutating func skipWhitespace() { cursor.skipSpace() }

    private func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private func at(_ literal: StaticString) -> Bool { cursor.at(literal) }

    private func find(_ needle: StaticString, from start: Int) -> Int? { cursor.find(needle, from: start) }

    func malformed(_ message: String) -> PropertyListReadError {
        PropertyListReadError(offset: index, reason: .malformed(message))
    }

    func unsupported(_ message: String) -> PropertyListReadError {
        PropertyListReadError(offset: index, reason: .unsupported(message))
    }
}
