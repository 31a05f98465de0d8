/// An HTTP response to encode: status, header fields and the complete body.
///
/// Framing headers (`Content-Length`, `Transfer-Encoding`, `Connection`, `Date`) are owned by
/// ``HTTPResponseEncoder``; values set here for those names are ignored.
public struct HTTPResponse: Sendable, Hashable {
    /// The status.
    public var status: HTTPStatus
    /// Header fields, in order.
    public var headers: HTTPHeaders
    /// The complete body (omitted on the wire for HEAD requests and 1xx/204/304).
    public var body: [UInt8]
    /// The same body gzip-compressed, computed ahead of time (at catalog load),
    /// so the hot path chooses a variant and never compresses.
    public var gzipBody: [UInt8]?

    /// Creates a response.
    public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: [UInt8] = [], gzipBody: [UInt8]? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.gzipBody = gzipBody
    }

    /// The variant to send for a request's `Accept-Encoding`.
    ///
    /// With a precompressed body, the response always says
    /// `Vary: Accept-Encoding` (caches must key on it) and carries
    /// `Content-Encoding: gzip` when that variant is chosen.
    public func negotiated(acceptEncoding: String?) -> HTTPResponse {
        guard let gzipBody else { return self }
        var response = self
        response.gzipBody = nil
        response.headers.add(name: "Vary", value: "Accept-Encoding")
        if ContentCoding.negotiate(acceptEncoding) == .gzip {
            response.body = gzipBody
            response.headers.add(name: "Content-Encoding", value: "gzip")
        }
        return response
    }
}
