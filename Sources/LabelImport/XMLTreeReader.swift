import LabelCore
/// A strict, non-validating XML reader for XLIFF: UTF-8 bytes to an ``XMLElement`` tree.
///
/// What it refuses, each with the byte offset of the fault: a DOCTYPE (a DTD could
/// declare entities, as the store's plist reader refuses them too), `<!ENTITY`,
/// references to entities other than XML's five, character references to
/// characters XML does not allow, mismatched or unclosed tags, a repeated
/// attribute, `<` in an attribute value, text outside the root element, more than
/// one root, and nesting deeper than ``maximumDepth``. Comments and processing
/// instructions are skipped; CDATA sections are text.
struct XMLTreeReader {
    struct Failure: Error {
        var offset: Int
        var reason: XLIFFReadError.Reason
    }

    static let maximumDepth = 64
    /// Elements in one document: 1.2 million is 400,000 units of three elements, 20 times
    /// the largest real app's strings in one language. The bound is what keeps memory
    /// bounded: the tree and the plan cost about 750 bytes a unit, so the densest file
    /// under the 64 MiB size limit stays under 512 MiB (a file of nothing but `<a/>`
    /// would otherwise cost gigabytes as a tree).
    static let maximumElements = 1_200_000
    private var elementCount = 0

    /// LabelCore's one XML byte cursor, shared with the store's property-list reader.
    private var cursor: XMLByteCursor
    private var bytes: UnsafeRawBufferPointer { cursor.bytes }
    private var index: Int {
        get { cursor.index }
        set { cursor.index = newValue }
    }
    /// Whether a `<!DOCTYPE …>` without an internal subset is skipped (Apple's
    /// plists have one); XLIFF is read with this off.
    private let allowsExternalDoctype: Bool

    private let elementLimit: Int
    /// Where the last element started, as offset, line and column: each start is counted
    /// on from the previous one, so numbering every element costs one pass in all.
    private var numbered = (offset: 0, line: 1, column: 1)

    private init(_ bytes: UnsafeRawBufferPointer, allowsExternalDoctype: Bool, maximumElements: Int) {
        cursor = XMLByteCursor(bytes)
        self.allowsExternalDoctype = allowsExternalDoctype
        elementLimit = maximumElements
    }

    /// The root element of the document in `bytes`.
    static func readDocument(_ bytes: [UInt8], allowsExternalDoctype: Bool = false,
                             maximumElements: Int = XMLTreeReader.maximumElements) throws(Failure) -> XMLElement {
        let result: Result<XMLElement, Failure> = bytes.withUnsafeBytes { buffer in
            var reader = XMLTreeReader(buffer, allowsExternalDoctype: allowsExternalDoctype, maximumElements: maximumElements)
            do throws(Failure) {
                return .success(try reader.readDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private mutating func readDocument() throws(Failure) -> XMLElement {
        if cursor.skipByteOrderMark() {
            numbered.offset = 3   // a byte order mark is not counted
        }
        try skipMisc(prolog: true)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else {
            throw fail(.malformed(index < bytes.count ? "text before the root element" : "no root element"))
        }
        let root = try readElement(depth: 0)
        try skipMisc(prolog: false)
        guard index == bytes.count else {
            throw fail(.malformed("content after the root element"))
        }
        return root
    }

    /// Whitespace, comments and processing instructions between top-level markup.
    private mutating func skipMisc(prolog: Bool) throws(Failure) {
        while true {
            cursor.skipSpace()
            if at("<!--") {
                try skipComment()
            } else if at("<?") {
                try skipProcessingInstruction()
            } else if at("<!DOCTYPE") {
                guard prolog, allowsExternalDoctype else { throw fail(.documentTypeDeclaration) }
                switch cursor.skipDoctype() {
                case .skipped: break
                case .internalSubset: throw fail(.documentTypeDeclaration)
                case .unterminated: throw fail(.malformed("unterminated DOCTYPE"))
                }
            } else if at("<!ENTITY") {
                throw fail(.entity("declaration"))
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(Failure) {
        guard cursor.skipComment() else { throw fail(.malformed("unterminated comment")) }
    }

    private mutating func skipProcessingInstruction() throws(Failure) {
        guard let end = find("?>", from: index + 2) else { throw fail(.malformed("unterminated processing instruction")) }
        index = end + 2
    }

    /// One element, `index` at its `<`.
    private mutating func readElement(depth: Int) throws(Failure) -> XMLElement {
        guard depth < Self.maximumDepth else { throw fail(.malformed("elements nested deeper than \(Self.maximumDepth)")) }
        elementCount += 1
        guard elementCount <= elementLimit else { throw fail(.malformed("more than \(elementLimit) elements")) }
        let start = index
        index += 1
        let name = try readName()
        var element = XMLElement(name: name, attributes: [], children: [], leafText: nil, offset: start, endOffset: start)
        (element.line, element.column) = advance(to: start)
        // Names seen, for the repeated-attribute check in one pass (not pairwise).
        var names: Set<String> = []
        while true {
            let hadSpace = skipSpace()
            guard index < bytes.count else { throw fail(.malformed("unterminated start tag <\(name)")) }
            if at("/>") {
                index += 2
                element.endOffset = index
                return element
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            guard hadSpace else { throw fail(.malformed("expected whitespace, > or /> in <\(name)>")) }
            let attributeStart = index
            let attribute = try readAttribute()
            guard names.insert(attribute.name).inserted else {
                index = attributeStart
                throw fail(.malformed("attribute \(attribute.name) repeated in <\(name)>"))
            }
            element.attributes.append(attribute)
        }
        try readContent(of: &element, depth: depth)
        element.endOffset = index
        return element
    }

    /// Children up to and including the matching end tag.
    private mutating func readContent(of element: inout XMLElement, depth: Int) throws(Failure) {
        var text: [UInt8] = []
        func flush() throws(Failure) {
            guard !text.isEmpty else { return }
            element.children.append(.text(String(decoding: text, as: UTF8.self)))
            text.removeAll()
        }
        while true {
            guard index < bytes.count else { throw fail(.malformed("<\(element.name)> is not closed")) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                try readReference(into: &text)
            } else if byte != UInt8(ascii: "<") {
                if byte == UInt8(ascii: ">"), at("]]>") { throw fail(.malformed("]]> outside CDATA")) }
                if byte < 0x20, !XMLByteCursor.isSpace(byte) { throw fail(.malformed("control character U+\(String(byte, radix: 16)) in text")) }
                // End-of-line handling: CR LF and a lone CR are read as LF.
                if byte == 0x0D {
                    text.append(0x0A)
                    index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                    continue
                }
                text.append(byte)
                index += 1
            } else if at("</") {
                index += 2
                let closing = try readName()
                _ = skipSpace()
                guard closing == element.name, index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                    throw fail(.malformed("</\(closing)> where </\(element.name)> belongs"))
                }
                index += 1
                if element.children.isEmpty, !text.isEmpty {
                    element.leafText = String(decoding: text, as: UTF8.self)
                    return
                }
                try flush()
                return
            } else if at("<![CDATA[") {
                guard let end = find("]]>", from: index + 9) else { throw fail(.malformed("unterminated CDATA section")) }
                text += UnsafeRawBufferPointer(rebasing: bytes[(index + 9)..<end])
                index = end + 3
            } else if at("<!--") {
                try skipComment()
            } else if at("<?") {
                try skipProcessingInstruction()
            } else if at("<!DOCTYPE") {
                throw fail(.documentTypeDeclaration)
            } else if at("<!ENTITY") {
                throw fail(.entity("declaration"))
            } else if at("<!") {
                throw fail(.malformed("unknown markup <!"))
            } else {
                try flush()
                element.children.append(.element(try readElement(depth: depth + 1)))
            }
        }
    }

    /// `name="value"` or `name='value'`, `index` at the name.
    private mutating func readAttribute() throws(Failure) -> (name: String, value: String) {
        let name = try readName()
        _ = skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw fail(.malformed("attribute \(name) has no value")) }
        index += 1
        _ = skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw fail(.malformed("attribute \(name): value not quoted"))
        }
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail(.malformed("attribute \(name): unterminated value")) }
            let byte = bytes[index]
            if byte == quote { break }
            if byte == UInt8(ascii: "<") { throw fail(.malformed("< in the value of attribute \(name)")) }
            if byte == UInt8(ascii: "&") {
                try readReference(into: &value)
            } else {
                // Attribute-value normalization: whitespace characters become spaces.
                value.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
                index += 1
            }
        }
        index += 1
        return (name, String(decoding: value, as: UTF8.self))
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#N;` `&#xH;`; anything else refused.
    private mutating func readReference(into buffer: inout [UInt8]) throws(Failure) {
        // The longest reference is `&#x10FFFF;` (or `&#1114111;`): look no further for its `;`.
        guard let (name, semicolon) = cursor.reference() else {
            throw fail(.malformed("& not starting a reference (write &amp;)"))
        }
        guard let scalar = XMLPropertyListScanner.entityScalar(name[...]), XMLEscaping.isXMLCharacter(scalar) else {
            guard name.first == "#" else { throw fail(.entity("&\(name);")) }
            throw fail(.malformed("character reference &\(name); is not a character XML allows"))
        }
        buffer += String(scalar).utf8
        index = semicolon + 1
    }

    private mutating func readName() throws(Failure) -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw fail(.malformed("expected a name")) }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    @discardableResult
    private mutating func skipSpace() -> Bool { cursor.skipSpace() }

    private func at(_ literal: StaticString) -> Bool { cursor.at(literal) }

    private func find(_ needle: StaticString, from start: Int) -> Int? { cursor.find(needle, from: start) }

    private func fail(_ reason: XLIFFReadError.Reason) -> Failure { Failure(offset: index, reason: reason) }

    /// The line and column of `offset`, at or after the previous element's start.
    private mutating func advance(to offset: Int) -> (line: Int, column: Int) {
        var position = numbered
        while position.offset < offset {
            let byte = bytes[position.offset]
            if byte == 0x0A {
                position.line += 1
                position.column = 1
            } else if byte & 0xC0 != 0x80 {
                position.column += 1
            }
            position.offset += 1
        }
        numbered = position
        return (position.line, position.column)
    }

    /// ASCII name characters plus any non-ASCII byte (names are checked no further).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default:
            false
        }
    }
}
