/// `If-None-Match` evaluation (RFC 9110 §13.1.2) read as text, one field value at a time:
/// the reference the tests hold `EntityTag`'s in-place reading of the bytes to.
package enum EntityTagReference {
    /// Whether the list in `field` is `*` or holds one of `tags` (weak comparison: `W/` off
    /// both sides; elements trimmed of spaces and tabs; empty elements match nothing).
    package static func matches(_ field: String, any tags: [String]) -> Bool {
        if trimmed(Substring(field)) == "*" { return true }
        let opaqueTags = tags.map { opaque(Substring($0)) }
        return field.split(separator: ",", omittingEmptySubsequences: false).contains { element in
            let element = opaque(trimmed(element))
            return !element.isEmpty && opaqueTags.contains { Array($0.utf8) == Array(element.utf8) }
        }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    private static func opaque(_ tag: Substring) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }
}
