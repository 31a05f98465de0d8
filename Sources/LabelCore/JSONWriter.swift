/// Writes compact JSON as UTF-8 bytes, fields in the order given.
///
/// Responses are small and their field order is part of what people read, so
/// a writer that appends bytes is simpler and much faster than `JSONEncoder`
/// (and than escaping through `String`'s scalar view, which is generic and slow
/// even for a short object).
package struct JSONWriter: Sendable {
    package private(set) var bytes: [UInt8] = []
    private var needsComma = false

    package init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The document as a `String`.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func beginObject() { separator(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    package mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }

    package mutating func field(_ name: String, _ value: String?) {
        key(name)
        self.value(value)
    }

    package mutating func field(_ name: String, _ value: Int) {
        key(name)
        self.value(value)
    }

    /// A field whose name is a literal needing no escaping (letters, digits, `_`): the
    /// separator, quoted name and colon go in with one append instead of a scan.
    package mutating func field(literal name: StaticString, _ value: String?) {
        literalKey(name)
        self.value(value)
    }

    /// ``field(_:_:)`` for a number, with a literal name (see ``field(literal:_:)``).
    package mutating func field(literal name: StaticString, _ value: Int) {
        literalKey(name)
        self.value(value)
    }

    /// A field's value, after its key: a quoted string or `null`.
    private mutating func value(_ value: String?) {
        if let value { Self.appendQuoted(value, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
        needsComma = true
    }

    private mutating func value(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// ``beginArray(_:)`` with a literal name (see ``field(literal:_:)``).
    package mutating func beginArray(literal name: StaticString) {
        literalKey(name)
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    private mutating func literalKey(_ name: StaticString) {
        let utf8 = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        assert(utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 >= 0x20 },
                     "a literal JSON key must need no escaping")
        separator()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Appends an already-encoded JSON value (precomputed at load).
    package mutating func field(_ name: String, raw value: [UInt8]) {
        key(name)
        bytes.append(contentsOf: value)
        needsComma = true
    }

    /// Starts a nested object as the value of `name`.
    package mutating func beginObject(_ name: String) { key(name); bytes.append(UInt8(ascii: "{")); needsComma = false }

    private mutating func key(_ name: String) {
        separator()
        Self.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    private mutating func separator() { if needsComma { bytes.append(UInt8(ascii: ",")) } }

    /// Starts an array as the value of `name`; ``element(_:)`` appends to it.
    package mutating func beginArray(_ name: String) { key(name); bytes.append(UInt8(ascii: "[")); needsComma = false }

    /// Appends a string element to the array begun last.
    package mutating func element(_ value: String) {
        separator()
        Self.appendQuoted(value, to: &bytes)
        needsComma = true
    }

    package mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// `name` as an array with one value per item, each written by `write` (usually one
    /// object; every value a writer begins is preceded by its comma): the array helper of
    /// every report.
    package mutating func array<Items: Sequence>(_ name: String, _ items: Items,
                                                 _ write: (inout JSONWriter, Items.Element) -> Void) {
        beginArray(name)
        for item in items { write(&self, item) }
        endArray()
    }

    /// `name` as an array of strings.
    package mutating func field(_ name: String, strings: some Sequence<String>) {
        beginArray(name)
        for value in strings { element(value) }
        endArray()
    }

    /// `name` as `true` or `false`.
    package mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// RFC 8259 string escaping over UTF-8; U+2028/U+2029 are escaped too so
    /// the output is also valid JavaScript, unless `lineSeparators` is false: then
    /// they are kept as they are, as Xcode writes String Catalogs (`LabelImport`
    /// writes them back in that layout).
    package static func appendQuoted(_ value: String, lineSeparators: Bool = true, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let done: Void? = value.utf8.withContiguousStorageIfAvailable { appendEscaped($0, lineSeparators: lineSeparators, to: &out) }
        if done == nil {
            Array(value.utf8).withUnsafeBufferPointer { appendEscaped($0, lineSeparators: lineSeparators, to: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, lineSeparators: Bool, to out: inout [UInt8]) {
        JSONEscaping.forEachPiece(utf8, lineSeparators: lineSeparators) { out.append(contentsOf: $0) }
    }
}
