import HTTP1

/// Chooses between JSON and plain text from an `Accept` header.
enum MediaNegotiation {
    /// True when `text/plain` has a higher q-value than `application/json`
    /// (and than `*/*`, which means JSON, the default).
    static func prefersPlainText(_ accept: String?) -> Bool {
        guard let accept, accept.utf8.count < 4096 else { return false }
        var plain = -1
        var json = -1
        for item in QualityList.items(accept) {
            let type = item.value.lowercased()
            let q = item.q ?? 0
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

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, set.unicodeScalars.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.unicodeScalars.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
