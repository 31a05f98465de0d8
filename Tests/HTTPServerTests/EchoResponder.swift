import HTTP1
import HTTPServer

/// A responder that tells the client what the server understood: the body is the request
/// body when there is one, else `METHOD target`; parse errors come back with their status,
/// `X-Error: code` and the message (the reason's), timeouts with `X-Timeout: head|body`.
struct EchoResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let body = request.body.isEmpty ? Array("\(request.method.rawValue) \(request.target)".utf8) : request.body
        return HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain", "X-Version": request.version.description],
                            body: body)
    }

    func respond(to error: HTTPParseError) -> HTTPResponse {
        HTTPResponse(status: error.status, headers: ["Content-Type": "text/plain", "X-Error": error.code],
                     body: Array(error.message.utf8))
    }

    func respond(to timeout: HTTPConnectionState.ReadTimeout) -> HTTPResponse {
        HTTPResponse(status: timeout.status,
                     headers: ["Content-Type": "text/plain", "X-Error": timeout.code, "X-Timeout": "\(timeout)"],
                     body: Array(timeout.message.utf8))
    }
}
