import HTTP1

/// Errors the API itself raises.
struct APIError: HTTPResponseError, Sendable, Hashable {
    var status: HTTPStatus
    var code: String
    var message: String
    var headers: HTTPHeaders

    init(_ status: HTTPStatus, _ code: String, _ message: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    static func notFound(_ path: String) -> APIError {
        APIError(.notFound, "not_found", "no route for \(path.prefix(200))")
    }

    static func methodNotAllowed(_ method: HTTPMethod, allow: String) -> APIError {
        APIError(.methodNotAllowed, "method_not_allowed", "\(method.rawValue.prefix(32)) is not allowed here; use \(allow)",
                 headers: [.allow: allow])
    }

    static func badRequest(_ code: String, _ message: String) -> APIError {
        APIError(.badRequest, code, message)
    }
}
