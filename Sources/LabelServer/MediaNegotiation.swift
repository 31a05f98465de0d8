/// Chooses between JSON and plain text from an `Accept` header.
enum MediaNegotiation {
    /// True when `text/plain` has a higher q-value than `application/json`
    /// (and than `*/*`, which means JSON, the default).
    static func prefersPlainText(_ accept: String?) -> Bool {
        guard let accept, accept.utf8.count < 4096 else { return false }
        var plain = -1
        var json = -1
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let type = parts.first?.trimmingCharacters(in: " \t").lowercased() else { continue }
            var q = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: " \t").lowercased() == "q" {
                    q = Int((Double(pair[1].trimmingCharacters(in: " \t")) ?? 0) * 1000)
                }
            }
            switch type {
            case "text/plain": plain = max(plain, q)
            case "application/json", "*/*", "application/*": json = max(json, q)
            case "text/*": plain = max(plain, q - 1)   // less specific than text/plain itself
            default: continue
            }
        }
        return plain > 0 && plain > json
    }
}

extension MediaNegotiation {
    /// True when `text/html` (or `application/xhtml+xml`) has a higher q-value
    /// than `application/json` and `*/*`: what browsers send, never what curl sends.
    static func prefersHTML(_ accept: String?) -> Bool {
        guard let accept, accept.utf8.count < 4096 else { return false }
        var html = -1
        var json = -1
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let type = parts.first?.trimmingCharacters(in: " \t").lowercased() else { continue }
            var q = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: " \t").lowercased() == "q" {
                    q = Int((Double(pair[1].trimmingCharacters(in: " \t")) ?? 0) * 1000)
                }
            }
            switch type {
            case "text/html", "application/xhtml+xml": html = max(html, q)
            case "application/json", "*/*", "application/*": json = max(json, q)
            default: continue
            }
        }
        return html > 0 && html > json
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
