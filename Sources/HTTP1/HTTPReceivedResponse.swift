/// A response as read from the wire by ``HTTPResponseParser``: status, version, fields, body
/// (de-chunked; content codings are left as sent).
public struct HTTPReceivedResponse: Sendable, Hashable {
    public var version: HTTPVersion
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(version: HTTPVersion, status: HTTPStatus, headers: HTTPHeaders, body: [UInt8]) {
        self.version = version
        self.status = status
        self.headers = headers
        self.body = body
    }
}
