import HTTP1

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

    /// True when `application/xml` (or `text/xml`) has a higher q-value than
    /// `application/json` and `*/*`: an Android build fetching `strings.xml`.
    static func prefersXML(_ accept: String?) -> Bool {
        var xml = -1
        var json = -1
        for (type, q) in ranges(accept) {
            switch type {
            case "application/xml", "text/xml": xml = max(xml, q)
            case "application/json", "*/*", "application/*": json = max(json, q)
            default: continue
            }
        }
        return xml > 0 && xml > json
    }

    /// The media ranges of `Accept`, lowercased, with q-values in thousandths
    /// (1000 when absent; a malformed one, such as `nan` or `2`, is 0). An absent
    /// or oversized header has none.
    private static func ranges(_ accept: String?) -> [(type: String, q: Int)] {
        guard let accept, accept.utf8.count < 4096 else { return [] }
        return QualityList.items(accept).map { (type: $0.value.lowercased(), q: $0.q ?? 0) }
    }
}
