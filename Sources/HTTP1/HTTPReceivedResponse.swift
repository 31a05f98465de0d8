/// A response as read from the wire by ``HTTPResponseParser``: status, version, fields, body
/// (de-chunked; content codings are left as sent).
package struct HTTPReceivedResponse: Sendable, Hashable {
    package var version: HTTPVersion
    package var status: HTTPStatus
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(version: HTTPVersion, status: HTTPStatus, headers: HTTPHeaders, body: [UInt8]) {
        self.version = version
        self.status = status
        self.headers = headers
        self.body = body
    }
}
