/// The one reader of q-weighted list fields (RFC 9110 §12.4.2): `Accept`,
/// `Accept-Encoding` and `Accept-Language` all send `value;param;q=0.5, …`.
///
/// It only splits and weighs; what a value means (a media range, a coding, a
/// language range) is the caller's. Malformed pieces never fail the header.
package enum QualityList {
    /// One list element: its value with surrounding spaces and tabs removed, and
    /// its weight in thousandths (1000 when no `q` is given, nil when the `q`
    /// is malformed, which callers treat as "not acceptable").
    package struct Item: Sendable, Hashable {
        package var value: Substring
        package var q: Int?
    }

    /// The elements of `field` in header order; empty elements are skipped and at
    /// most `limit` are read. A repeated `q` parameter: the last one counts.
    package static func items(_ field: String, limit: Int = .max) -> [Item] {
        if field.utf8.allSatisfy({ $0 < 0x80 }) { return asciiItems(field, limit: limit) }
        var items: [Item] = []
        for element in field.split(separator: ",").prefix(limit) {
            let parts = element.split(separator: ";", omittingEmptySubsequences: false)
            var q: Int? = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingOWS().lowercased() == "q" {
                    q = qValue(pair[1].trimmingOWS())
                }
            }
            items.append(Item(value: parts[0].trimmingOWS(), q: q))
        }
        return items
    }

    /// ``items(_:limit:)`` for an ASCII field, splitting on bytes: each byte is then one
    /// Character, so the result is the same, without `Character` comparisons per byte.
    private static func asciiItems(_ field: String, limit: Int) -> [Item] {
        var items: [Item] = []
        let utf8 = field.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex && items.count < limit {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? utf8.endIndex
            if start != end {
                let element = field[start..<end]
                let valueEnd = element.utf8.firstIndex(of: UInt8(ascii: ";")) ?? element.endIndex
                var q: Int? = 1000
                if valueEnd != element.endIndex {
                    let parameters = element[element.utf8.index(after: valueEnd)...]
                    for parameter in parameters.split(separator: ";", omittingEmptySubsequences: false) {
                        let pair = parameter.split(separator: "=", maxSplits: 1)
                        if pair.count == 2, pair[0].trimmingOWS().utf8.elementsEqual("q".utf8)
                            || pair[0].trimmingOWS().utf8.elementsEqual("Q".utf8) {
                            q = qValue(pair[1].trimmingOWS())
                        }
                    }
                }
                items.append(Item(value: element[..<valueEnd].trimmingOWS(), q: q))
            }
            start = end == utf8.endIndex ? end : utf8.index(after: end)
        }
        return items
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in thousandths;
    /// nil when malformed.
    package static func qValue(_ text: Substring) -> Int? {
        guard text.utf8.count <= 5 else { return nil }
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1"), bytes.count <= 5 else {
            return nil
        }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return value }
        guard bytes[1] == UInt8(ascii: ".") else { return nil }
        var scale = 100
        for digit in bytes.dropFirst(2) {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}
