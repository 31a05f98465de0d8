import HTTPServer

/// A bundle body: identity bytes with their strong ETags, and gzip bytes made the
/// first time a client accepting gzip asks (a representation's validator differs
/// per content coding, so both tags exist from the start).
package final class PrecomputedBody: Sendable {
    package let identity: [UInt8]
    /// Quoted strong ETag of the identity bytes, e.g. `"1f2e…"`.
    package let etag: String
    /// Quoted strong ETag of the gzip bytes: the identity tag with `-gz`.
    package let gzipETag: String
    /// The gzip bytes, or identity when gzip gains nothing; made once, by ``compress()``.
    private let compressed: ComputedOnce<[UInt8]>

    package init(_ identity: [UInt8], fingerprint: String) {
        self.identity = identity
        etag = "\"\(fingerprint)\""
        gzipETag = "\"\(fingerprint)-gz\""
        compressed = ComputedOnce {
            let bytes = (try? Gzip.compress(identity, level: 6)) ?? identity
            return bytes.count < identity.count ? bytes : identity
        }
    }

    /// Compresses once (level 6). Slow for a large body: call it off the event loops.
    package func compress() { _ = compressed.value }

    /// Whether ``compress()`` has run.
    package var isCompressed: Bool { compressed.ready != nil }

    /// The gzip bytes (identity before ``compress()`` or when gzip gains nothing).
    package var gzip: [UInt8] { compressed.ready ?? identity }

    /// Whether gzip is worth sending at all (false before ``compress()``).
    package var hasGzip: Bool { gzip.count < identity.count }
}
