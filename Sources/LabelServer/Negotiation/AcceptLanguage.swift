import HTTP1
package import LabelCore

/// Parses an `Accept-Language` header (RFC 9110 §12.5.4) into preferences.
package enum AcceptLanguage {
    /// The most wanted tags first, by q-value; equal q-values keep header order.
    ///
    /// Ranges with `q=0` and the wildcard `*` are dropped, as are malformed
    /// entries: a bad header degrades to "no preference", never to an error,
    /// because browsers and proxies send odd values.
    /// - Parameter header: The field value, e.g. `de-AT, de;q=0.9, en;q=0.5`.
    /// - Returns: At most 16 tags; more preferences do not change any lookup.
    package static func preferences(_ header: String) -> [LanguageTag] {
        var weighted: [(tag: LanguageTag, q: Int, order: Int)] = []
        for (order, item) in QualityList.items(header, limit: 64).enumerated() {
            guard item.value != "*", let tag = LanguageTag(item.value), let q = item.q, q > 0 else { continue }
            weighted.append((tag, q, order))
        }
        weighted.sort { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }
        var result: [LanguageTag] = []
        for entry in weighted where !result.contains(entry.tag) {
            result.append(entry.tag)
            if result.count == 16 { break }
        }
        return result
    }
}
