import HTTP1

/// Answers requests for the server, inline on an event-loop thread.
///
/// Handlers here are lookups into precomputed data, so running them on the
/// loop avoids a thread hop per request; a responder must therefore never block.
public protocol HTTPResponder: Sendable {
    /// The response to a well-formed request.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// The response to a request the parser rejected, or one the server gives
    /// up on (408). It is sent with `Connection: close`.
    func respond(to error: HTTPParseError) -> HTTPResponse
}
