/// A position in UTF-8 XML bytes, with the scans both of the project's XML readers make:
/// the property-list reader (``XMLPropertyListScanner``) and `LabelImport`'s XLIFF and
/// `.stringsdict` tree reader. What a reader accepts, and how it reports what it does not,
/// stays the reader's; this only moves through bytes.
///
/// The bytes are borrowed: a cursor lives inside the reader's `withUnsafeBytes`.
package struct XMLByteCursor {
    package let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    package var index = 0

    package init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Moves past a UTF-8 byte order mark at the start; whether there was one.
    package mutating func skipByteOrderMark() -> Bool {
        guard index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return false }
        index = 3
        return true
    }

    /// Whether the bytes from the cursor on start with `literal`.
    package func at(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        return UnsafeRawBufferPointer(rebasing: bytes[index..<(index + length)])
            .elementsEqual(UnsafeRawBufferPointer(start: literal.utf8Start, count: length))
    }

    /// The offset of `needle` at or after `start`, beginning within `limit` bytes of it
    /// when a limit is given.
    package func find(_ needle: StaticString, from start: Int, limit: Int = .max) -> Int? {
        let length = needle.utf8CodeUnitCount
        let pattern = UnsafeRawBufferPointer(start: needle.utf8Start, count: length)
        let first = needle.utf8Start.pointee
        let end = limit == .max ? bytes.count : min(bytes.count, start + limit + length)
        var position = start
        while position + length <= end {
            if bytes[position] == first,
                UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]).elementsEqual(pattern)
            {
                return position
            }
            position += 1
        }
        return nil
    }

    /// Moves past XML white space (space, tab, LF, CR); whether there was any.
    @discardableResult
    package mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    package static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Moves past `<!-- … -->`, the cursor at its `<!--`; false (not moved) when it is
    /// not closed.
    package mutating func skipComment() -> Bool {
        guard let end = find("-->", from: index + 4) else { return false }
        index = end + 3
        return true
    }

    /// What ``skipDoctype()`` found.
    package enum Doctype {
        /// Skipped: the cursor is past its `>`.
        case skipped
        /// A `[` (an internal subset, which could declare entities); the cursor is at it.
        case internalSubset
        /// No `>` before the end.
        case unterminated
    }

    /// Moves past `<!DOCTYPE …>`, the cursor at its `<`, unless it has an internal subset.
    package mutating func skipDoctype() -> Doctype {
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            if bytes[index] == UInt8(ascii: "[") { return .internalSubset }
            index += 1
        }
        guard index < bytes.count else { return .unterminated }
        index += 1
        return .skipped
    }

    /// The reference at the cursor (its `&`): the name between `&` and `;` and the offset
    /// of that `;`; nil when no `;` follows within the longest reference (`&#x10FFFF;`).
    /// The cursor does not move. The name is the reader's to judge
    /// (``XMLPropertyListScanner/entityScalar(_:)``).
    package func reference() -> (name: String, semicolon: Int)? {
        // `;` at most 12 bytes past the `&`: 11 past where the search starts.
        guard let semicolon = find(";", from: index + 1, limit: 11) else { return nil }
        return (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<semicolon]), as: UTF8.self), semicolon)
    }
}
