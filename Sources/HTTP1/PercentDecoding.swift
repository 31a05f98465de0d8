/// Percent-decoding of request targets (RFC 3986 §2.1) and form queries.
public enum PercentDecoding {
    /// Why a component could not be decoded.
    public enum Failure: Error, Sendable, Hashable {
        /// `%` not followed by two hex digits, at this byte offset.
        case malformedEscape(offset: Int)
        /// The decoded bytes are not UTF-8.
        case invalidUTF8
    }

    /// Decodes `%XX` escapes; with `plusAsSpace`, `+` is a space (query strings).
    public static func decode(_ text: Substring, plusAsSpace: Bool) throws(Failure) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        var offset = 0
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first != utf8.endIndex, let high = hexValue(utf8[first]) else { throw .malformedEscape(offset: offset) }
                let second = utf8.index(after: first)
                guard second != utf8.endIndex, let low = hexValue(utf8[second]) else { throw .malformedEscape(offset: offset) }
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
                offset += 3
                continue
            }
            bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
            offset += 1
        }
        guard let string = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return string
    }

    /// Splits `a=1&b=2&a=3` into decoded pairs in order (repeats kept).
    ///
    /// A field without `=` has an empty value; empty fields (`a=1&&b=2`) are skipped.
    public static func queryItems(_ query: String) throws(Failure) -> [(name: String, value: String)] {
        // Split on the UTF-8 view: String.split works on Characters and costs
        // several times more on this hot path.
        var items: [(name: String, value: String)] = []
        let utf8 = query.utf8
        var fieldStart = utf8.startIndex
        while fieldStart != utf8.endIndex {
            let fieldEnd = utf8[fieldStart...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if fieldStart != fieldEnd {
                let field = Substring(utf8[fieldStart..<fieldEnd])
                if let equals = field.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    items.append((try decode(field[..<equals], plusAsSpace: true),
                                  try decode(field[field.utf8.index(after: equals)...], plusAsSpace: true)))
                } else {
                    items.append((try decode(field, plusAsSpace: true), ""))
                }
            }
            fieldStart = fieldEnd == utf8.endIndex ? fieldEnd : utf8.index(after: fieldEnd)
        }
        return items
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
