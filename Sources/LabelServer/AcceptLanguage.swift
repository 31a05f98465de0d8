/// Parses an `Accept-Language` header (RFC 9110 §12.5.4) into preferences.
public enum AcceptLanguage {
    /// The most wanted tags first, by q-value; equal q-values keep header order.
    ///
    /// Ranges with `q=0` and the wildcard `*` are dropped, as are malformed
    /// entries: a bad header degrades to "no preference", never to an error,
    /// because browsers and proxies send odd values.
    /// - Parameter header: The field value, e.g. `de-AT, de;q=0.9, en;q=0.5`.
    /// - Returns: At most 16 tags; more preferences do not change any lookup.
    public static func preferences(_ header: String) -> [LanguageTag] {
        var weighted: [(tag: LanguageTag, q: Int, order: Int)] = []
        for (order, item) in header.split(separator: ",").prefix(64).enumerated() {
            let parts = item.split(separator: ";", omittingEmptySubsequences: false)
            let range = parts[0].trimmingSpaces
            guard range != "*", let tag = LanguageTag(range) else { continue }
            var q = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
                q = qValue(pair[1].trimmingSpaces) ?? -1
            }
            if q > 0 { weighted.append((tag, q, order)) }
        }
        weighted.sort { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }
        var result: [LanguageTag] = []
        for entry in weighted where !result.contains(entry.tag) {
            result.append(entry.tag)
            if result.count == 16 { break }
        }
        return result
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in thousandths.
    private static func qValue(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        if bytes.count == 1 { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for digit in bytes.dropFirst(2) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
