/// One of ``LocaleMatchingTable``'s `from>to` tables (lines sorted by byte), searched in
/// place: a lookup is a binary search over the literal's UTF-8 bytes.
///
/// Cold start: reading all the likely subtags into a `[String: String]` would weigh
/// on `serve`'s start to its first 200, to answer the few dozen lookups a store's
/// languages need (results are cached by their callers).
struct LocaleTable: Sendable, Sequence {
    /// Sorted `from>to` lines, one a line.
    private let source: String

    init(_ source: String) {
        self.source = source
    }

    /// The `to` of the line whose `from` is `key`.
    subscript(key: String) -> String? {
        key.utf8.withContiguousStorageIfAvailable { key in
            withBytes { bytes in Self.find(key, in: bytes) }
        } ?? Self.find(Array(key.utf8), in: self)
    }

    /// How many lines the table has.
    var count: Int { reduce(0) { count, _ in count + 1 } }

    func makeIterator() -> IndexingIterator<[(key: String, value: String)]> {
        var lines: [(key: String, value: String)] = []
        withBytes { bytes in
            var start = 0
            while start < bytes.count {
                let end = Self.lineEnd(from: start, in: bytes)
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let arrow = line.firstIndex(of: UInt8(ascii: ">")) {
                    lines.append((String(decoding: UnsafeBufferPointer(rebasing: line[..<arrow]), as: UTF8.self),
                                  String(decoding: UnsafeBufferPointer(rebasing: line[(arrow + 1)...]), as: UTF8.self)))
                }
                start = end + 1
            }
        }
        return lines.makeIterator()
    }

    /// The literal's bytes (contiguous for a literal; a copy otherwise).
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = source.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(source.utf8).withUnsafeBufferPointer(body)
    }

    private static func find(_ key: [UInt8], in table: LocaleTable) -> String? {
        key.withUnsafeBufferPointer { key in table.withBytes { find(key, in: $0) } }
    }

    /// Binary search over the lines, each probe widened to the line around it. Lines
    /// sort by byte, so their first `key.count + 1` bytes are in order too, and the
    /// line for `key` is the one whose first bytes are `key` and `>`.
    private static func find(_ key: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var low = 0  // always a line start
        var high = bytes.count  // always a line start or the end
        while low < high {
            var start = (low + high) / 2
            while start > low, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            let end = lineEnd(from: start, in: bytes)
            switch compare(key, withLineAt: start, end: end, in: bytes) {
            case .lineBefore: low = end + 1
            case .lineAfter: high = start
            case .match:
                let value = start + key.count + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[value..<end]), as: UTF8.self)
            }
        }
        return nil
    }

    private enum Order { case lineBefore, match, lineAfter }

    /// Compares the line's first `key.count + 1` bytes with `key` followed by `>`.
    private static func compare(
        _ key: UnsafeBufferPointer<UInt8>, withLineAt start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Order {
        for offset in 0...key.count {
            let wanted = offset < key.count ? key[offset] : UInt8(ascii: ">")
            guard start + offset < end else { return .lineBefore }  // a shorter prefix sorts first
            let byte = bytes[start + offset]
            if byte != wanted { return byte < wanted ? .lineBefore : .lineAfter }
        }
        return .match
    }

    private static func lineEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }
}
