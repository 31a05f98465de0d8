/// An ordered list of header fields that keeps repeated names, with case-insensitive lookup
/// by ``HTTPField/Name``: one method per purpose (first value, every value, presence, list
/// elements, a token among them, the value bytes in place; add, replace, remove).
///
/// Field names are compared ASCII-case-insensitively (RFC 9110 §5.1); values are kept as
/// received, minus surrounding whitespace. Values that are not valid UTF-8 (obs-text) are
/// decoded lossily.
///
/// The fields live as bytes in one buffer: the parser copies a request's fields into it
/// without making a `String` per name and value, the encoder copies them out as bytes, and
/// only what a handler asks for (``first(_:)``, ``fields``) becomes a `String`. Each field
/// is stored as it goes on the wire (`name: value` CRLF) and is checked once, when added,
/// for whether the encoder may copy it as is; the encoder then does not check it again.
package struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// Each field as `name length, value length` (4 bytes each, little-endian; the value
    /// length's top bit is ``wireReadyFlag``), then `name: value` CRLF; fields back to back
    /// in order. Values are valid UTF-8.
    private var storage: [UInt8] = []

    /// Set on a field whose name is a token the encoder writes (not a framing field it owns)
    /// and whose value has no control bytes: its stored line can be sent as it is.
    private static let wireReadyFlag: UInt32 = 1 << 31
    /// Bytes stored per field besides its name and value: two lengths, `: ` and CRLF.
    private static let fieldOverhead = 12

    /// The number of fields, counting repeats.
    package private(set) var count = 0

    /// Creates headers from fields in order.
    package init(_ fields: [HTTPField] = []) {
        for field in fields { add(field) }
    }

    /// Creates headers from `(name, value)` pairs in order; repeated names are kept.
    package init(dictionaryLiteral elements: (HTTPField.Name, String)...) {
        for (name, value) in elements { add(name, value: value) }
    }

    /// The fields, in order.
    package var fields: [HTTPField] {
        var fields: [HTTPField] = []
        fields.reserveCapacity(count)
        forEachStored { field in
            fields.append(HTTPField(name: String(decoding: field.name, as: UTF8.self),
                                    value: String(decoding: field.value, as: UTF8.self)))
            return true
        }
        return fields
    }

    /// The bytes the fields take (names and values plus 12 per field), for sizing an encoding.
    var byteCount: Int { storage.count }

    /// Whether both values hold the same field storage (not only equal fields): what
    /// ``EncodedFields/encodes(_:)`` trusts, as an identity check costs no field walk.
    func sharesStorage(with other: HTTPHeaders) -> Bool {
        count == other.count && storage.count == other.storage.count
            && storage.withUnsafeBufferPointer { mine in
                other.storage.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
            }
    }

    /// Whether there are no fields.
    package var isEmpty: Bool { count == 0 }

    package func makeIterator() -> IndexingIterator<[HTTPField]> { fields.makeIterator() }

    /// Appends a field, keeping any existing fields with the same name.
    package mutating func add(_ name: HTTPField.Name, value: String) {
        name.withSpelledBytes { name in Self.withUTF8(value) { value in appendValidated(name: name, value: value) } }
    }

    /// Appends a field whose name was read at run time, keeping any existing fields with
    /// the same name.
    package mutating func add(_ field: HTTPField) {
        Self.withUTF8(field.name) { name in Self.withUTF8(field.value) { value in appendValidated(name: name, value: value) } }
    }

    /// Appends a field from raw bytes (the parser's buffer, which has checked that the name
    /// is a token and the value has no control bytes); a value that is not UTF-8 is stored
    /// decoded lossily, as a `String` would hold it.
    mutating func append(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        let name = name.assumingMemoryBound(to: UInt8.self)
        let value = value.assumingMemoryBound(to: UInt8.self)
        if ByteClass.allASCII(value) || String(validating: value, as: UTF8.self) != nil {
            appendValidated(name: name, value: value, wireReady: HTTPResponseEncoder.isWritableToken(name))
        } else {
            // U+FFFD is not a control byte: the decoded value is still clean.
            var decoded = String(decoding: value, as: UTF8.self)
            decoded.withUTF8 { appendValidated(name: name, value: $0, wireReady: HTTPResponseEncoder.isWritableToken(name)) }
        }
    }

    /// Where a parsed field's name and value lie in the buffer they were read from.
    struct ParsedField {
        var nameStart: Int
        var nameCount: Int
        var valueStart: Int
        var valueCount: Int

        func name(in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[nameStart..<(nameStart + nameCount)])
        }

        func value(in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[valueStart..<(valueStart + valueCount)])
        }
    }

    /// ``append(name:value:)`` for each of `fields` in order, read from `bytes`, with one
    /// append to the storage for all of them when every value is ASCII (each field's own
    /// append is an `Array.append` and its scratch).
    /// The stored bytes are those of the one-by-one appends (`HTTPRequestParserWholeHeadTests`
    /// compares requests read both ways).
    mutating func append(parsed fields: UnsafeBufferPointer<ParsedField>, from bytes: UnsafeBufferPointer<UInt8>) {
        var size = 0
        var ascii = true
        for field in fields {
            size += Self.fieldOverhead + field.nameCount + field.valueCount
            ascii = ascii && ByteClass.allASCII(field.value(in: bytes))
        }
        guard ascii else {
            for field in fields {
                append(name: UnsafeRawBufferPointer(field.name(in: bytes)), value: UnsafeRawBufferPointer(field.value(in: bytes)))
            }
            return
        }
        reserve(adding: size)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { scratch in
            let raw = UnsafeMutableRawPointer(scratch.baseAddress!)
            var at = 0
            for field in fields {
                let name = field.name(in: bytes)
                at += Self.store(name: name, value: field.value(in: bytes),
                                 wireReady: HTTPResponseEncoder.isWritableToken(name), at: raw + at)
            }
            storage.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<at]))
        }
        count += fields.count
    }

    private mutating func appendValidated(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        let wireReady = HTTPResponseEncoder.isWritableName(name) && HTTPResponseEncoder.isClean(value)
        appendValidated(name: name, value: value, wireReady: wireReady)
    }

    /// Stores a field with one append (each `Array.append` checks capacity and uniqueness first).
    private mutating func appendValidated(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, wireReady: Bool
    ) {
        let size = Self.fieldOverhead + name.count + value.count
        reserve(adding: size)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { field in
            _ = Self.store(name: name, value: value, wireReady: wireReady, at: UnsafeMutableRawPointer(field.baseAddress!))
            storage.append(contentsOf: UnsafeBufferPointer(field))
        }
        count += 1
    }

    /// Room for `size` more bytes: a request's or response's fields usually fit in one
    /// allocation for all of them.
    private mutating func reserve(adding size: Int) {
        if storage.count + size > storage.capacity {
            storage.reserveCapacity(Swift.max(256, storage.count + size, 2 * storage.capacity))
        }
    }

    /// Writes one field as stored (see ``storage``) at `raw`; the bytes written.
    private static func store(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, wireReady: Bool, at raw: UnsafeMutableRawPointer
    ) -> Int {
        // The top bit of the stored length is the flag (a field is far below 2 GiB anyway).
        precondition(name.count < Int(wireReadyFlag) && value.count < Int(wireReadyFlag))
        let valueLength = UInt32(truncatingIfNeeded: value.count) | (wireReady ? wireReadyFlag : 0)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: name.count).littleEndian, toByteOffset: 0, as: UInt32.self)
        raw.storeBytes(of: valueLength.littleEndian, toByteOffset: 4, as: UInt32.self)
        var at = 8
        if let base = name.baseAddress { (raw + at).copyMemory(from: base, byteCount: name.count) }
        at += name.count
        raw.storeBytes(of: ByteClass.colon, toByteOffset: at, as: UInt8.self)
        raw.storeBytes(of: ByteClass.sp, toByteOffset: at + 1, as: UInt8.self)
        at += 2
        if let base = value.baseAddress { (raw + at).copyMemory(from: base, byteCount: value.count) }
        at += value.count
        raw.storeBytes(of: ByteClass.cr, toByteOffset: at, as: UInt8.self)
        raw.storeBytes(of: ByteClass.lf, toByteOffset: at + 1, as: UInt8.self)
        return at + 2
    }

    /// Removes every field, keeping the storage when this value holds it alone and it
    /// takes at most `limit` bytes (storage reused by the next request).
    package mutating func removeAll(keepingCapacityUpTo limit: Int) {
        storage.removeAll(keepingCapacity: storage.capacity <= limit)
        count = 0
    }

    /// Replaces all fields named `name` with one field (appended at the end).
    package mutating func replaceOrAdd(_ name: HTTPField.Name, value: String) {
        remove(name)
        add(name, value: value)
    }

    /// Removes every field named `name`.
    package mutating func remove(_ name: HTTPField.Name) {
        guard contains(name) else { return }
        var kept = HTTPHeaders()
        forEachStored { field in
            if !name.matches(field.name) { kept.appendValidated(name: field.name, value: field.value) }
            return true
        }
        self = kept
    }

    /// The first value for `name`, or nil.
    package func first(_ name: HTTPField.Name) -> String? {
        var found: String?
        forEachValue(of: name) { value in
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    /// Every value for `name`, in order.
    package func values(_ name: HTTPField.Name) -> [String] {
        var values: [String] = []
        forEachValue(of: name) { value in
            values.append(String(decoding: value, as: UTF8.self))
            return true
        }
        return values
    }

    /// Whether a field named `name` exists.
    package func contains(_ name: HTTPField.Name) -> Bool {
        var found = false
        forEachValue(of: name) { _ in
            found = true
            return false
        }
        return found
    }

    /// The comma-separated list elements of every field named `name` (RFC 9110 §5.6.1),
    /// trimmed, with empty elements dropped.
    package func listValues(_ name: HTTPField.Name) -> [Substring] {
        var out: [Substring] = []
        for value in values(name) {
            for element in value.split(separator: ",") {
                let trimmed = element.trimmingOWS()
                if !trimmed.isEmpty { out.append(trimmed) }
            }
        }
        return out
    }

    /// Whether any list element of `name` equals `token`, ignoring ASCII case
    /// (e.g. `Connection: keep-alive, Upgrade` contains `upgrade`).
    package func containsToken(_ token: String, in name: HTTPField.Name) -> Bool {
        var found = false
        var ascii = true
        Self.withUTF8(token) { token in
            forEachValue(of: name) { value in
                // Bytes split like Characters only in ASCII (a combining mark after a
                // comma joins it); anything else takes the Character path below.
                guard value.allSatisfy({ $0 < 0x80 }) else {
                    ascii = false
                    return false
                }
                var start = 0
                while start <= value.count {
                    var end = start
                    while end < value.count && value[end] != UInt8(ascii: ",") { end += 1 }
                    let element = value.trimmingOWS(start..<end)
                    if !element.isEmpty && ByteClass.equalIgnoringCase(UnsafeBufferPointer(rebasing: value[element]), token) {
                        found = true
                        return false
                    }
                    start = end + 1
                }
                return true
            }
        }
        if !ascii { return listValues(name).contains { ByteClass.equalIgnoringCase($0, token) } }
        return found
    }

    // MARK: Bytes

    /// Calls `body` with the value bytes of each field named `name`, in order, until it
    /// returns false: a value read in place, without making a `String` of it (the hot path's
    /// lookup; the others are built on it).
    package func forEachValue(of name: HTTPField.Name, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        name.withComparedBytes { wanted in
            forEachStored { field in
                // A name is compared only when its length matches.
                guard field.name.count == wanted.count, ByteClass.equalIgnoringCase(field.name, wanted) else { return true }
                return body(field.value)
            }
        }
    }

    /// One stored field, read in place (valid only inside ``forEachStored(_:)``).
    struct StoredField {
        /// The field's `name: value` CRLF line.
        private let start: UnsafePointer<UInt8>
        private let nameCount: Int
        private let valueCount: Int
        private let wireReady: Bool

        fileprivate init(start: UnsafePointer<UInt8>, nameCount: Int, valueCount: Int, wireReady: Bool) {
            self.start = start
            self.nameCount = nameCount
            self.valueCount = valueCount
            self.wireReady = wireReady
        }

        var name: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: nameCount) }
        var value: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start + nameCount + 2, count: valueCount) }
        /// The `name: value` CRLF line when the field may be sent as it is (see ``wireReadyFlag``).
        var line: UnsafeBufferPointer<UInt8>? {
            wireReady ? UnsafeBufferPointer(start: start, count: nameCount + valueCount + 4) : nil
        }
    }

    /// The one walk over the stored fields: calls `body` with each field in order, until it
    /// returns false. Inlined, so `body` is not a call per field.
    @inline(__always)
    func forEachStored(_ body: (StoredField) -> Bool) {
        storage.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let nameCount = Self.length(bytes, at: index)
                let valueField = Self.length(bytes, at: index + 4)
                let valueCount = valueField & Int(~Self.wireReadyFlag)
                let lineStart = index + 8
                index = lineStart + nameCount + valueCount + 4
                precondition(index <= bytes.count, "field storage ends inside a field")
                let field = StoredField(start: bytes.baseAddress.unsafelyUnwrapped + lineStart, nameCount: nameCount,
                                        valueCount: valueCount, wireReady: valueField != valueCount)
                guard body(field) else { return }
            }
        }
    }

    /// The little-endian 32-bit length at `index`: one bounds check and one load, not four
    /// of each (a walk reads two per field).
    @inline(__always)
    private static func length(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        precondition(index >= 0 && index <= bytes.count - 4, "field storage ends inside a length")
        let raw = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped) + index
        return Int(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
    }

    static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }
}

extension Substring {
    /// The text without leading and trailing SP and HTAB bytes (optional whitespace,
    /// RFC 9110 §5.6.3): the one trim of header values and their list elements. On
    /// bytes, so a combining mark after a space does not keep
    /// the space (as a `Character` comparison would).
    package func trimmingOWS() -> Substring {
        let utf8 = self.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start != end, utf8[start] == UInt8(ascii: " ") || utf8[start] == UInt8(ascii: "\t") { utf8.formIndex(after: &start) }
        while start != end {
            let before = utf8.index(before: end)
            guard utf8[before] == UInt8(ascii: " ") || utf8[before] == UInt8(ascii: "\t") else { break }
            end = before
        }
        return self[start..<end]
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// `range` of these bytes without leading and trailing SP and HTAB (OWS): the byte
    /// form of ``Substring/trimmingOWS()``, for list elements read in place.
    package func trimmingOWS(_ range: Range<Int>) -> Range<Int> {
        var first = range.lowerBound
        var last = range.upperBound
        while first < last && ByteClass.isWhitespace(self[first]) { first += 1 }
        while last > first && ByteClass.isWhitespace(self[last - 1]) { last -= 1 }
        return first..<last
    }
}
