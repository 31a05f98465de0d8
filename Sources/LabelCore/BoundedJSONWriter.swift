/// Writes a small JSON object straight into an array allocated once at an upper
/// bound of its size: no growth or uniqueness check per appended piece, which
/// ``JSONWriter`` pays on every one. Used for the one body built on every label
/// request (``ResolvedLabel/jsonBytes(chain:)``); everything else uses ``JSONWriter``.
///
/// Kept for the label route: writing that body with ``JSONWriter`` instead is a
/// measurable part of the request path (the route's row in
/// Benchmarks/README.md, "Instructions per request").
///
/// The caller gives the bound (``quotedBound(_:)`` per string plus room for the
/// names and punctuation); every write checks it, so a wrong bound traps rather
/// than overruns. Output is byte for byte ``JSONWriter``'s for the same calls,
/// escaping included (`BoundedJSONWriterTests`).
struct BoundedJSONWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    private var needsComma = false

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// The most bytes a quoted string can take: two quotes and at most six bytes
    /// per UTF-8 byte (`\u00XX`; U+2028's three bytes become six).
    static func quotedBound(_ value: String) -> Int { 6 * value.utf8.count + 2 }

    /// The bytes `body` writes, in an array of capacity `bound`.
    static func bytes(bound: Int, _ body: (inout BoundedJSONWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            var writer = BoundedJSONWriter(base: buffer.baseAddress!, capacity: buffer.count)
            body(&writer)
            initialized = writer.count
        }
    }

    mutating func beginObject() { separator(); byte(UInt8(ascii: "{")); needsComma = false }
    mutating func endObject() { byte(UInt8(ascii: "}")); needsComma = true }

    mutating func field(literal name: StaticString, _ value: String?) {
        literalKey(name)
        if let value { quoted(value) } else { raw("null") }
        needsComma = true
    }

    mutating func field(literal name: StaticString, _ value: Int) {
        literalKey(name)
        var digits = String(value)
        digits.withUTF8 { raw(UnsafeRawBufferPointer($0)) }
        needsComma = true
    }

    mutating func beginArray(literal name: StaticString) {
        literalKey(name)
        byte(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func element(_ value: String) {
        separator()
        quoted(value)
        needsComma = true
    }

    mutating func endArray() { byte(UInt8(ascii: "]")); needsComma = true }

    /// `name` as an array of runs, as ``LabelRun/jsonBytes(_:)`` writes them, straight into
    /// the body (no array per run); ``runsBound(_:)`` is their share of the bound.
    mutating func field(literal name: StaticString, runs: [LabelRun]) {
        beginArray(literal: name)
        for run in runs {
            beginObject()
            field(literal: "start", run.start)
            field(literal: "length", run.length)
            literalKey("attributes")
            byte(UInt8(ascii: "{"))
            needsComma = false
            for attribute in run.attributes {
                separator()
                quoted(attribute.name)
                byte(UInt8(ascii: ":"))
                switch attribute.value {
                case .string(let text): quoted(text)
                case .number(let number):
                    var digits = LabelRun.jsonNumber(number)
                    digits.withUTF8 { raw(UnsafeRawBufferPointer($0)) }
                case .boolean(let flag): raw(flag ? "true" : "false")
                }
                needsComma = true
            }
            byte(UInt8(ascii: "}"))
            endObject()
        }
        endArray()
    }

    /// The most bytes ``field(literal:runs:)`` writes for `runs` besides its name.
    static func runsBound(_ runs: [LabelRun]) -> Int {
        var bound = 2
        for run in runs {
            // `{"start":,"length":,"attributes":{}},` and two integers.
            bound += 40 + 2 * 20
            for attribute in run.attributes {
                bound += quotedBound(attribute.name) + 2
                switch attribute.value {
                case .string(let text): bound += quotedBound(text)
                case .number: bound += 32
                case .boolean: bound += 5
                }
            }
        }
        return bound
    }

    // MARK: Pieces

    private mutating func literalKey(_ name: StaticString) {
        separator()
        byte(UInt8(ascii: "\""))
        raw(name)
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
        needsComma = false
    }

    private mutating func separator() { if needsComma { byte(UInt8(ascii: ",")) } }

    @inline(__always)
    private mutating func byte(_ byte: UInt8) {
        precondition(count < capacity, "BoundedJSONWriter's bound is too small")
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func raw(_ text: StaticString) {
        raw(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    private mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= capacity - count, "BoundedJSONWriter's bound is too small")
        if bytes.count > 0 {
            UnsafeMutableRawPointer(base + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        count += bytes.count
    }

    /// The string quoted, escaped as ``JSONWriter/appendQuoted(_:to:)`` escapes it.
    private mutating func quoted(_ value: String) {
        byte(UInt8(ascii: "\""))
        if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            var copy = value
            copy.withUTF8 { escaped($0) }
        }
        byte(UInt8(ascii: "\""))
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        JSONEscaping.forEachPiece(utf8) { raw($0) }
    }
}
