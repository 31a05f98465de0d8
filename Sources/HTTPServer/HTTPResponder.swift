package import HTTP1

/// Answers requests for the server, inline on an event-loop thread.
///
/// Handlers here are lookups into precomputed data, so running them on the
/// loop avoids a thread hop per request; a responder must therefore never block (the
/// loop's thread is marked, and blocking code checks: `EventLoopThread`). Work that may
/// wait (another server, a long render) defers its response: ``respond(to:context:)``
/// returns `nil` after ``HTTPRequestContext/deferResponse()`` and completes the promise
/// from another thread. The response is sent as returned: a responder chooses its
/// content coding itself.
package protocol HTTPResponder: Sendable {
    /// The response to a well-formed request.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// The response now, or `nil` when the responder called `context.deferResponse()`
    /// and will complete it later. The default answers now with ``respond(to:)``.
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPResponse?
    /// The response to a request the parser rejected. It is sent with `Connection: close`.
    func respond(to error: HTTPParseError) -> HTTPResponse
    /// The response to a request the client did not finish sending in time (408). It is
    /// sent with `Connection: close`. The default is a plain-text 408.
    func respond(to timeout: HTTPConnectionState.ReadTimeout) -> HTTPResponse
    /// Fields sent on every response after the response's own (a security header such
    /// as `X-Content-Type-Options`), encoded once: read when a loop starts. The default is none.
    var fieldsOnEveryResponse: EncodedFields { get }
}

extension HTTPResponder {
    package func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPResponse? {
        respond(to: request)
    }

    package var fieldsOnEveryResponse: EncodedFields { .none }

    package func respond(to timeout: HTTPConnectionState.ReadTimeout) -> HTTPResponse {
        HTTPResponse(status: timeout.status, headers: [.contentType: "text/plain; charset=utf-8"],
                     body: Array(timeout.message.utf8))
    }
}
