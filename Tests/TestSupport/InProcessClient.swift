import HTTP1
package import HTTPServer

/// Answers raw HTTP/1.1 requests with a responder, in process, through the same path the
/// event loop takes (``InProcessExchange``), as on a socket but without one (and without
/// a `Date` field).
///
/// For tests of what a responder answers; what the server does on a socket (framing,
/// keep-alive, timeouts, pipelining) keeps its real-socket tests.
package struct InProcessClient: Sendable {
    package let responder: any HTTPResponder

    package init(_ responder: any HTTPResponder) {
        self.responder = responder
    }

    /// Parses `request` (one whole request), answers it as the event loop does
    /// (``InProcessExchange``: `respond(to:context:)`, deferred answers awaited, content
    /// negotiation, the encoder) and reads the encoded response back.
    package func exchange(_ request: String) throws(RawClient.Failure) -> RawResponse {
        let answers: [InProcessExchange.Answer]
        do throws(InProcessExchange.Failure) {
            answers = try InProcessExchange.answers(to: Array(request.utf8), responder: responder)
        } catch {
            throw RawClient.Failure("\(error)")
        }
        guard let answer = answers.first else { throw RawClient.Failure("the request is incomplete") }
        return try RawResponse.decode(answer.encoded, head: answer.request?.method == .head)
    }
}
