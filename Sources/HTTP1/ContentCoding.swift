/// `Accept-Encoding` negotiation (RFC 9110 §12.5.3) between identity and gzip.
public enum ContentCoding: String, Sendable, Hashable {
    case identity
    case gzip

    /// The coding to send, given the client's `Accept-Encoding`.
    ///
    /// gzip when it (or `x-gzip`, or `*`) has a q-value above 0 that is at least
    /// identity's; identity otherwise. No header means identity: a client that
    /// says nothing may not decode gzip. A malformed q-value counts as 0.
    public static func negotiate(_ acceptEncoding: String?) -> ContentCoding {
        guard let acceptEncoding, !acceptEncoding.isEmpty else { return .identity }
        var gzip: Int?
        var identity: Int?
        var wildcard: Int?
        for item in acceptEncoding.split(separator: ",", omittingEmptySubsequences: true).prefix(32) {
            let parts = item.split(separator: ";")
            guard let first = parts.first else { continue }
            let name = first.trimmed.lowercased()
            var q = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmed.lowercased() == "q" { q = qValue(pair[1].trimmed) ?? 0 }
            }
            switch name {
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

    /// `0`, `0.5`, `1.000` in thousandths; nil when malformed.
    private static func qValue(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1"), bytes.count <= 5 else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return value }
        guard bytes[1] == UInt8(ascii: ".") else { return nil }
        var scale = 100
        for digit in bytes.dropFirst(2) {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}

extension Substring {
    fileprivate var trimmed: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
