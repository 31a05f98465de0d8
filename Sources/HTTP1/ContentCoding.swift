/// `Accept-Encoding` negotiation (RFC 9110 §12.5.3) between identity and gzip.
package enum ContentCoding: String, Sendable, Hashable {
    case identity
    case gzip

    /// The coding to send, given the client's `Accept-Encoding`.
    ///
    /// gzip when it (or `x-gzip`, or `*`) has a q-value above 0 that is at least
    /// identity's; identity otherwise. No header means identity: a client that
    /// says nothing may not decode gzip. A malformed q-value counts as 0.
    package static func negotiate(_ acceptEncoding: String?) -> ContentCoding {
        guard var acceptEncoding, !acceptEncoding.isEmpty else { return .identity }
        return acceptEncoding.withUTF8 { negotiate(bytes: $0) }
    }

    /// ``negotiate(_:)`` of a field value's bytes.
    ///
    /// A value without parameters (`gzip, deflate, br`, what clients send) is read in
    /// place: with every q-value 1, gzip wins exactly when `gzip`, `x-gzip` or `*` is
    /// among the first 32 elements. Any `;` or non-ASCII byte takes the general reading
    /// (``QualityList``). `ContentCodingTests` pins the two readings as one.
    package static func negotiate(bytes value: UnsafeBufferPointer<UInt8>) -> ContentCoding {
        if let plain = plainListTakesGzip(value) { return plain ? .gzip : .identity }
        return general(String(decoding: value, as: UTF8.self))
    }

    /// Whether a parameter-free ASCII list names gzip among its first 32 elements; nil
    /// for any other value.
    private static func plainListTakesGzip(_ value: UnsafeBufferPointer<UInt8>) -> Bool? {
        var elements = 0
        var takesGzip = false
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count && value[end] != UInt8(ascii: ",") {
                if value[end] == UInt8(ascii: ";") || value[end] >= 0x80 { return nil }
                end += 1
            }
            // Empty elements are skipped and not counted, as QualityList does.
            if start < end {
                if elements == 32 { break }
                elements += 1
                let element = UnsafeBufferPointer(rebasing: value[value.trimmingOWS(start..<end)])
                if ByteClass.equalIgnoringCase(element, ByteClass.bytes("gzip")) || ByteClass.equalIgnoringCase(element, ByteClass.bytes("x-gzip"))
                    || (element.count == 1 && element[0] == UInt8(ascii: "*")) {
                    takesGzip = true
                }
            }
            start = end + 1
        }
        return takesGzip
    }

    /// The reading of any value: q-values weigh gzip, `*` and identity. The reference
    /// the in-place reading of ``negotiate(bytes:)`` is tested against.
    package static func general(_ acceptEncoding: String) -> ContentCoding {
        guard !acceptEncoding.isEmpty else { return .identity }
        var gzip: Int?
        var identity: Int?
        var wildcard: Int?
        for item in QualityList.items(acceptEncoding, limit: 32) {
            let q = item.q ?? 0
            switch item.value.lowercased() {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, q)
            case "identity": identity = q
            case "*": wildcard = q
            default: continue
            }
        }
        let gzipQ = gzip ?? wildcard ?? 0
        let identityQ = identity ?? 1   // identity is acceptable unless excluded (RFC 9110)
        return gzipQ > 0 && gzipQ >= identityQ ? .gzip : .identity
    }
}
