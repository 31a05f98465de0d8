package import HTTP1

/// Errors the API itself raises.
package struct APIError: HTTPResponseError, Sendable, Hashable {
    package var status: HTTPStatus
    package var code: String
    package var message: String
    package var headers: HTTPHeaders

    package init(_ status: HTTPStatus, _ code: String, _ message: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    package static func notFound(_ path: String) -> APIError {
        APIError(.notFound, "not_found", "no route for \(path.prefix(200))")
    }

    package static func methodNotAllowed(_ method: HTTPMethod, allow: String) -> APIError {
        APIError(.methodNotAllowed, "method_not_allowed", "\(method.rawValue.prefix(32)) is not allowed here; use \(allow)",
                 headers: [.allow: allow])
    }

    package static func badRequest(_ code: String, _ message: String) -> APIError {
        APIError(.badRequest, code, message)
    }
}
