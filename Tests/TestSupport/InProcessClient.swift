import HTTP1
package import HTTPServer

/// Answers raw HTTP/1.1 requests with a responder, in process: the request goes through
/// the server's parser, the response through `negotiated(acceptEncoding:)` and the
/// server's encoder, as on a socket but without one (and without a `Date` field).
///
/// For tests of what a responder answers; what the server does on a socket (framing,
/// keep-alive, timeouts, pipelining) keeps its real-socket tests.
package struct InProcessClient: Sendable {
    package let responder: any HTTPResponder

    package init(_ responder: any HTTPResponder) {
        self.responder = responder
    }

    /// Parses `request` (one whole request), answers it and reads the encoded response back.
    package func exchange(_ request: String) throws(RawClient.Failure) -> RawResponse {
        var parser = HTTPRequestParser()
        let encoded: [UInt8]
        var head = false
        switch parser.parse(Array(request.utf8)) {
        case .request(let request):
            head = request.method == .head
            let response = responder.respond(to: request)
                .negotiated(acceptEncoding: request.headers.first(name: "Accept-Encoding"))
            let close = request.headers.values(for: "Connection").contains { $0.lowercased() == "close" }
            encoded = HTTPResponseEncoder.encode(response, requestMethod: request.method, requestVersion: request.version,
                                                 keepAlive: !close && request.version == .http1_1, date: nil)
        case .error(let error):
            encoded = HTTPResponseEncoder.encode(responder.respond(to: error), keepAlive: false, date: nil)
        case .needMoreData:
            throw RawClient.Failure("the request is incomplete")
        }
        return try RawResponse.decode(encoded, head: head)
    }
}
