/// Percent-decoding of request targets (RFC 3986 §2.1) and form queries.
package enum PercentDecoding {
    /// Why a component could not be decoded.
    package enum Failure: Error, Sendable, Hashable {
        /// `%` not followed by two hex digits, at this byte offset.
        case malformedEscape(offset: Int)
        /// The decoded bytes are not UTF-8.
        case invalidUTF8
    }

    /// Decodes `%XX` escapes; with `plusAsSpace`, `+` is a space (query strings).
    package static func decode(_ text: Substring, plusAsSpace: Bool) throws(Failure) -> String {
        try withBytes(text) { (bytes) throws(Failure) -> String in try decode(bytes, plusAsSpace: plusAsSpace) }
    }

    /// Splits `a=1&b=2&a=3` into decoded pairs in order (repeats kept).
    ///
    /// A field without `=` has an empty value; empty fields (`a=1&&b=2`) are skipped.
    package static func queryItems(_ query: String) throws(Failure) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        try forEachQueryItem(query) { name, value in
            if items.isEmpty { items.reserveCapacity(4) }
            items.append((name, value))
        }
        return items
    }

    /// ``queryItems(_:)`` one pair at a time, without collecting them in an array;
    /// a malformed pair throws when reached (pairs before it were already handed out).
    package static func forEachQueryItem(
        _ query: String, _ body: (_ name: String, _ value: String) -> Void
    ) throws(Failure) {
        try forEachQueryItemName(query) { name, value in body(String(decoding: name, as: UTF8.self), value) }
    }

    /// ``forEachQueryItem(_:_:)`` with each name as its decoded UTF-8 bytes (valid UTF-8,
    /// as its `String` would hold), so a caller matching known names makes no `String`
    /// for them. The bytes are only valid during the call.
    package static func forEachQueryItemName(
        _ query: String, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: String) -> Void
    ) throws(Failure) {
        // Scans the UTF-8 bytes in place: Character-based splitting, and even
        // Substring index arithmetic, cost several times more on this hot path. Not
        // through the generic `withBytes`: its `Result` was boxed on the heap per call.
        var query = query
        if let failure = query.withUTF8({ scanQuery($0, body) }) { throw failure }
    }

    /// The loop of ``forEachQueryItemName(_:_:)``: the failure it stopped at, or nil.
    private static func scanQuery(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: String) -> Void
    ) -> Failure? {
        do throws(Failure) {
            var fieldStart = 0
            while fieldStart < bytes.count {
                var fieldEnd = fieldStart
                var equals: Int?
                while fieldEnd < bytes.count && bytes[fieldEnd] != UInt8(ascii: "&") {
                    if equals == nil && bytes[fieldEnd] == UInt8(ascii: "=") { equals = fieldEnd }
                    fieldEnd += 1
                }
                if fieldStart != fieldEnd {
                    let name = UnsafeBufferPointer(rebasing: bytes[fieldStart..<(equals ?? fieldEnd)])
                    if isPlain(name, plusAsSpace: true) {
                        // A slice of the query between ASCII delimiters: valid UTF-8 as it is.
                        var value = ""
                        if let equals { value = try decode(UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<fieldEnd]), plusAsSpace: true) }
                        body(name, value)
                    } else {
                        var decoded = try decode(name, plusAsSpace: true)
                        var value = ""
                        if let equals { value = try decode(UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<fieldEnd]), plusAsSpace: true) }
                        decoded.withUTF8 { body($0, value) }
                    }
                }
                fieldStart = fieldEnd + 1
            }
            return nil
        } catch {
            return error
        }
    }

    /// Whether `utf8` decodes to itself (no `%`, and no `+` when that means a space).
    private static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Bool {
        for byte in utf8 where byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
            return false
        }
        return true
    }

    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) throws(Failure) -> String {
        // The text came from a String, so it is UTF-8 already.
        if isPlain(utf8, plusAsSpace: plusAsSpace) { return String(decoding: utf8, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 1 < utf8.count, let high = hexValue(utf8[index + 1]) else { throw .malformedEscape(offset: index) }
                guard index + 2 < utf8.count, let low = hexValue(utf8[index + 2]) else { throw .malformedEscape(offset: index) }
                bytes.append(high << 4 | low)
                index += 3
                continue
            }
            bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        guard let string = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return string
    }

    /// `body` over the text's UTF-8 bytes, in place when the storage is contiguous.
    private static func withBytes<R>(
        _ text: Substring, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> R
    ) throws(Failure) -> R {
        func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<R, Failure> {
            do throws(Failure) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        if let result = text.utf8.withContiguousStorageIfAvailable(run) { return try result.get() }
        return try Array(text.utf8).withUnsafeBufferPointer(run).get()
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
