import HTTP1

/// `If-None-Match` evaluation (RFC 9110 §13.1.2): weak comparison, `*` matches.
enum EntityTag {
    /// Whether any tag listed in the field value matches one of `current`.
    ///
    /// Either coding's tag matches: a client holding the identity body need
    /// not download the gzip one after it starts accepting gzip.
    static func matches(_ field: String, any current: [String]) -> Bool {
        if field[...].trimmingOWS() == "*" { return true }
        let opaque = current.map(stripWeak)
        return field.split(separator: ",").contains { opaque.contains(stripWeak(String($0.trimmingOWS()))) }
    }

    private static func stripWeak(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
