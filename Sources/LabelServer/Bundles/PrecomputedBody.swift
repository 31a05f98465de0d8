import GzipCoding
import HTTP1
import HTTPServer

/// A bundle body: identity bytes with their strong ETags and response heads, and gzip
/// bytes (with theirs) made the first time a client accepting gzip asks (a
/// representation's validator differs per content coding, so both tags exist from the start).
final class PrecomputedBody: Sendable {
    let identity: [UInt8]
    /// Quoted strong ETag of the identity bytes, e.g. `"1f2e…"`.
    let etag: String
    /// Quoted strong ETag of the gzip bytes: the identity tag with `-gz`.
    let gzipETag: String
    /// The tags' bytes, compared in place with a request's `If-None-Match`.
    private let etagBytes: [UInt8]
    private let gzipETagBytes: [UInt8]
    /// The heads of an answer with the identity bytes.
    private let identityHeads: BundleHeads
    /// The gzip bytes, or identity when gzip gains nothing, and the heads of an answer
    /// with them; made once, by ``compress()``.
    private let compressed: ComputedOnce<(bytes: [UInt8], heads: BundleHeads)>

    /// - Parameters:
    ///   - contentType: the body's `Content-Type`.
    ///   - language: `Content-Language`.
    init(_ identity: [UInt8], fingerprint: String, contentType: String = "application/octet-stream",
                 language: String = "und") {
        self.identity = identity
        let etag = "\"\(fingerprint)\""
        let gzipETag = "\"\(fingerprint)-gz\""
        self.etag = etag
        self.gzipETag = gzipETag
        etagBytes = Array(etag.utf8)
        gzipETagBytes = Array(gzipETag.utf8)
        identityHeads = BundleHeads(etag: etag, contentType: contentType, language: language, gzip: false)
        compressed = ComputedOnce {
            let bytes = (try? Gzip.compress(identity, level: 6)) ?? identity
            guard bytes.count < identity.count else {
                return (identity, BundleHeads(etag: etag, contentType: contentType, language: language, gzip: false))
            }
            return (bytes, BundleHeads(etag: gzipETag, contentType: contentType, language: language, gzip: true))
        }
    }

    /// Compresses once (level 6). Slow for a large body: call it off the event loops.
    func compress() { _ = compressed.value }

    /// Whether ``compress()`` has run.
    var isCompressed: Bool { compressed.ready != nil }

    /// The gzip bytes (identity before ``compress()`` or when gzip gains nothing).
    var gzip: [UInt8] { compressed.ready?.bytes ?? identity }

    /// Whether gzip is worth sending at all (false before ``compress()``).
    var hasGzip: Bool { gzip.count < identity.count }

    /// The answer to a request that takes gzip or not (`acceptsGzip`): a 304 when its
    /// `If-None-Match` holds either coding's tag, else a 200 with the body
    /// ``ContentEncodingChoice/takesGzip(identity:gzip:)`` picks. Fields and body are shared, not built.
    func response(to headers: HTTPHeaders, acceptsGzip: Bool) -> HTTPResponse {
        // The compressed twin read once, and only when it can be sent (each read of it
        // copied its bytes and heads out, and a 304 needs neither body).
        if acceptsGzip, let compressed = compressed.ready,
           ContentEncodingChoice.takesGzip(identity: identity, gzip: compressed.bytes) {
            return response(to: headers, heads: compressed.heads, body: compressed.bytes)
        }
        return response(to: headers, heads: identityHeads, body: identity)
    }

    @inline(__always)
    private func response(to headers: HTTPHeaders, heads: BundleHeads, body: [UInt8]) -> HTTPResponse {
        if EntityTag.matches(headers, etagBytes, gzipETagBytes) {
            return HTTPResponse(status: .notModified, fields: heads.notModified)
        }
        return HTTPResponse(status: .ok, fields: heads.ok, body: body)
    }
}
