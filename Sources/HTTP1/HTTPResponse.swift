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
    /// ``headers`` encoded ahead, when they came from ``init(status:fields:body:)``: used
    /// by the encoder only while ``headers`` are still those fields (``EncodedFields/encodes(_:)``).
    /// ``EncodedFields/none`` otherwise, not `nil`: an optional reference in the response was
    /// destroyed through a generic value witness with every response.
    private(set) var encodedFields: EncodedFields

    /// Creates a response.
    package init(status: HTTPStatus, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        encodedFields = .none
    }

    /// Creates a response whose fields were encoded ahead: the encoder copies their bytes.
    package init(status: HTTPStatus, fields: EncodedFields, body: [UInt8] = []) {
        self.status = status
        headers = fields.fields
        self.body = body
        encodedFields = fields
    }

    /// Status, fields and body: how the fields are encoded is not part of the response.
    package static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(headers)
        hasher.combine(body)
    }
}
