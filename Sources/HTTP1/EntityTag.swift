/// `If-None-Match` evaluation (RFC 9110 §13.1.2): weak comparison, `*` matches.
///
/// Read on the bytes of the field, in place: the launch revalidation (`GET /labels` with
/// the ETag of the copy an app holds) is the route a fleet sizes for, and splitting the
/// value into `String`s cost more than the rest of its answer.
package enum EntityTag {
    /// Whether any `If-None-Match` field of `headers` matches `current` or `alternative`
    /// (quoted tags, as sent in `ETag`); false without such a field.
    ///
    /// Either coding's tag matches: a client holding the identity body need not download
    /// the gzip one after it starts accepting gzip. Several `If-None-Match` lines are one
    /// list (RFC 9110 §5.3).
    package static func matches(_ headers: HTTPHeaders, _ current: [UInt8], _ alternative: [UInt8]) -> Bool {
        var matched = false
        current.withUnsafeBufferPointer { current in
            alternative.withUnsafeBufferPointer { alternative in
                headers.forEachValue(of: .ifNoneMatch) { field in
                    // The launch sends back the very tag it was given: one comparison.
                    matched = isExactly(field, current) || isExactly(field, alternative)
                        || matches(field, opaque(current), opaque(alternative))
                    return !matched
                }
            }
        }
        return matched
    }

    /// Whether the list in `field` is `*` or holds `first` or `second` (opaque tags, `W/` off).
    private static func matches(_ field: UnsafeBufferPointer<UInt8>, _ first: UnsafeBufferPointer<UInt8>,
                                _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        let whole = field.trimmingOWS(0..<field.count)
        if whole.upperBound - whole.lowerBound == 1 && field[whole.lowerBound] == UInt8(ascii: "*") { return true }
        var start = 0
        while start < field.count {
            var end = start
            while end < field.count && field[end] != UInt8(ascii: ",") { end += 1 }
            let element = opaque(UnsafeBufferPointer(rebasing: field[field.trimmingOWS(start..<end)]))
            if !element.isEmpty && (ByteClass.equal(element, first) || ByteClass.equal(element, second)) { return true }
            start = end + 1
        }
        return false
    }

    /// Whether `field` is exactly `tag`, a quoted tag without a comma: what the list reading
    /// finds for it too (a field without a comma is one element, and a tag from `"` to `"`
    /// has no `W/` to drop and no whitespace to trim), without that reading.
    private static func isExactly(_ field: UnsafeBufferPointer<UInt8>, _ tag: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = tag.count
        guard field.count == count, count >= 2, tag[0] == UInt8(ascii: "\""), tag[count - 1] == UInt8(ascii: "\"")
        else { return false }
        for index in 0..<count where field[index] != tag[index] || tag[index] == UInt8(ascii: ",") { return false }
        return true
    }

    /// The tag without its weakness indicator `W/`.
    private static func opaque(_ tag: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        tag.count >= 2 && tag[0] == UInt8(ascii: "W") && tag[1] == UInt8(ascii: "/")
            ? UnsafeBufferPointer(rebasing: tag[2...]) : tag
    }
}
