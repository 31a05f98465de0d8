/// Chooses a representation from an `Accept` header: JSON (the default), plain
/// text for labels, HTML for the translator pages.
enum MediaNegotiation {
    /// True when `text/plain` has a higher q-value than `application/json`
    /// (and than `*/*`, which means JSON, the default).
    static func prefersPlainText(_ accept: String?) -> Bool {
        var plain = -1
        var json = -1
        for (type, q) in ranges(accept) {
            switch type {
            case "text/plain": plain = max(plain, q)
            case "application/json", "*/*", "application/*": json = max(json, q)
            case "text/*": plain = max(plain, q - 1)   // less specific than text/plain itself
            default: continue
            }
        }
        return plain > 0 && plain > json
    }

    /// True when `text/html` (or `application/xhtml+xml`) has a higher q-value
    /// than `application/json` and `*/*`: what browsers send, never what curl sends.
    static func prefersHTML(_ accept: String?) -> Bool {
        var html = -1
        var json = -1
        for (type, q) in ranges(accept) {
            switch type {
            case "text/html", "application/xhtml+xml": html = max(html, q)
            case "application/json", "*/*", "application/*": json = max(json, q)
            default: continue
            }
        }
        return html > 0 && html > json
    }

    /// A q-value in thousandths, clamped to 0...1000; anything that is not a
    /// finite number (`nan`, `inf`, `1e999`) is 0. Converting those to `Int`
    /// unchecked used to trap: one `Accept: text/plain;q=nan` stopped the server.
    static func qValue(_ text: String) -> Int {
        guard let value = Double(text), value.isFinite else { return 0 }
        return Int((min(max(value, 0), 1) * 1000).rounded())
    }

    /// The media ranges of `Accept`, lowercased, with q-values in thousandths
    /// (1000 when absent). An absent or oversized header has none.
    private static func ranges(_ accept: String?) -> [(type: String, q: Int)] {
        guard let accept, accept.utf8.count < 4096 else { return [] }
        var result: [(type: String, q: Int)] = []
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let type = parts.first?.trimmingCharacters(in: " \t").lowercased() else { continue }
            var q = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: " \t").lowercased() == "q" {
                    q = qValue(pair[1].trimmingCharacters(in: " \t"))
                }
            }
            result.append((type, q))
        }
        return result
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, set.unicodeScalars.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.unicodeScalars.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
