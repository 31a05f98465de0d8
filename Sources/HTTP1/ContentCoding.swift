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
        guard let acceptEncoding, !acceptEncoding.isEmpty else { return .identity }
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
