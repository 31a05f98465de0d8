import HTTPServer

/// A response body prepared at load: identity and gzip bytes, each with its
/// strong ETag (a representation's validator differs per content coding).
public struct PrecomputedBody: Sendable {
    public let identity: [UInt8]
    public let gzip: [UInt8]
    /// Quoted strong ETag of the identity bytes, e.g. `"1f2e…"`.
    public let etag: String
    /// Quoted strong ETag of the gzip bytes: the identity tag with `-gz`.
    public let gzipETag: String

    /// Compresses once; a body too small to gain from gzip keeps identity only.
    public init(_ identity: [UInt8], fingerprint: String) {
        self.identity = identity
        etag = "\"\(fingerprint)\""
        gzipETag = "\"\(fingerprint)-gz\""
        let compressed = (try? Gzip.compress(identity, level: 6)) ?? identity
        gzip = compressed.count < identity.count ? compressed : identity
    }

    /// Whether gzip is worth sending at all.
    public var hasGzip: Bool { gzip.count < identity.count }
}
