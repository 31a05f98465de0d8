public import HTTP1

/// Errors the API itself raises.
public struct APIError: HTTPResponseError, Sendable, Hashable {
    public var status: HTTPStatus
    public var code: String
    public var message: String
    public var headers: HTTPHeaders

    public init(_ status: HTTPStatus, _ code: String, _ message: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public static func notFound(_ path: String) -> APIError {
        APIError(.notFound, "not_found", "no route for \(path.prefix(200))")
    }

    public static func methodNotAllowed(_ method: HTTPMethod, allow: String) -> APIError {
        APIError(.methodNotAllowed, "method_not_allowed", "\(method.rawValue.prefix(32)) is not allowed here; use \(allow)",
                 headers: ["Allow": allow])
    }

    public static func badRequest(_ code: String, _ message: String) -> APIError {
        APIError(.badRequest, code, message)
    }
}
