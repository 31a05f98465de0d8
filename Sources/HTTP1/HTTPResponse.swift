/// An HTTP response to encode: status, header fields and the complete body.
///
/// Framing headers (`Content-Length`, `Transfer-Encoding`, `Connection`, `Date`) are owned by
/// ``HTTPResponseEncoder``; values set here for those names are ignored.
package struct HTTPResponse: Sendable, Hashable {
    /// The status.
    package var status: HTTPStatus
    /// Header fields, in order.
    package var headers: HTTPHeaders
    /// The complete body as sent, in whatever content coding the responder chose
    /// (omitted on the wire for HEAD requests and 1xx/204/304).
    package var body: [UInt8]

    /// Creates a response.
    package init(status: HTTPStatus, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

}
