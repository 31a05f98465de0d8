import HTTP1

/// Identity or gzip, chosen in one place for every route whose body exists in both
/// codings (`GET /labels`, `GET /missing`): the body to send, its `Content-Encoding`,
/// its `Vary` and (for a route with validators) its `ETag`.
///
/// Handlers choose; the server only encodes what they return.
struct ContentEncodingChoice {
    /// The body to send.
    let body: [UInt8]
    /// Whether ``body`` is the gzip variant.
    let isGzip: Bool
    /// The chosen variant's strong validator (a representation's tag differs per coding);
    /// nil for a route without validators.
    let etag: String?

    /// Whether `request` takes gzip (RFC 9110 §12.5.3, ``ContentCoding``): whether a
    /// route needs its gzip variant at all.
    static func acceptsGzip(_ request: HTTPRequest) -> Bool {
        // The first field, read in place (as `first(_:)` would, without a `String`).
        var coding = ContentCoding.identity
        request.headers.forEachValue(of: .acceptEncoding) { value in
            coding = value.isEmpty ? .identity : ContentCoding.negotiate(bytes: value)
            return false
        }
        return coding == .gzip
    }

    /// gzip when the request takes it (`acceptsGzip`, from ``acceptsGzip(_:)``, which a
    /// route reads first to know whether to compress) and the variant exists and is
    /// smaller; identity otherwise.
    init(acceptsGzip: Bool, identity: [UInt8], gzip: [UInt8]?, etags: (identity: String, gzip: String)? = nil) {
        let chosen = if acceptsGzip, let gzip, Self.takesGzip(identity: identity, gzip: gzip) { gzip } else { nil as [UInt8]? }
        isGzip = chosen != nil
        body = chosen ?? identity
        etag = if let etags { chosen == nil ? etags.identity : etags.gzip } else { nil }
    }

    /// Whether a request that takes gzip gets `gzip` rather than `identity`: when it is smaller.
    static func takesGzip(identity: [UInt8], gzip: [UInt8]) -> Bool { gzip.count < identity.count }

    /// The `Vary` value: the request fields the answer depends on besides
    /// `Accept-Encoding` (`other`), and `Accept-Encoding` where `first` says.
    static func vary(_ other: String?, acceptEncodingFirst: Bool = false) -> String {
        guard let other else { return "Accept-Encoding" }
        return acceptEncodingFirst ? "Accept-Encoding, \(other)" : "\(other), Accept-Encoding"
    }

    /// Adds `Content-Encoding: gzip` when the gzip variant was chosen.
    func addContentEncoding(to headers: inout HTTPHeaders) {
        if isGzip { headers.add(.contentEncoding, value: "gzip") }
    }
}
