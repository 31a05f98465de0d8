import HTTP1
import HTTPServer
import LabelCore

/// The label API as an ``HTTPResponder``: routes requests to handlers and
/// turns every error into its JSON response.
public struct LabelService: HTTPResponder {
    public let catalog: CatalogHolder
    private let readiness: Readiness

    public init(catalog: CatalogHolder, readiness: Readiness = Readiness()) {
        self.catalog = catalog
        self.readiness = readiness
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        do {
            return try route(request)
        } catch let error as any HTTPResponseError {
            return error.response
        } catch {
            // Handlers throw only HTTPResponseError; this keeps the type system honest.
            return APIError(.internalServerError, "internal_error", "\(error)").response
        }
    }

    public func respond(to error: HTTPParseError) -> HTTPResponse {
        error.response
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = request.path
        if path.hasPrefix("/labels/") {
            try allow(request, "GET, HEAD")
            return try label(rawKey: path.dropFirst("/labels/".count), request: request)
        }
        switch path {
        case "/labels":
            try allow(request, "GET, HEAD")
            return try labelBundle(request)
        case "/healthz":
            try allow(request, "GET, HEAD")
            return Self.json(.ok, #"{"status":"ok"}"#)
        case "/readyz":
            try allow(request, "GET, HEAD")
            return readiness.isReady
                ? Self.json(.ok, #"{"status":"ready"}"#)
                : Self.json(.serviceUnavailable, #"{"status":"shutting down"}"#)
        default:
            throw APIError.notFound(path)
        }
    }

    func allow(_ request: HTTPRequest, _ methods: String) throws {
        guard request.method == .get || request.method == .head else {
            throw APIError.methodNotAllowed(request.method, allow: methods)
        }
    }

    /// `GET /labels/{key}`: one rendered label.
    private func label(rawKey: Substring, request: HTTPRequest) throws -> HTTPResponse {
        let query = try LabelQuery(rawKey: rawKey, request: request)
        let resolver = catalog.state.resolver
        let label = try resolver.label(key: query.key, table: query.table,
                                       chain: resolver.chain(preferred: query.preferred), arguments: query.arguments)
        var headers: HTTPHeaders = [:]
        if query.plainText {
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        } else {
            headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        }
        if let language = label.language { headers.add(name: "Content-Language", value: language.rawValue) }
        headers.add(name: "Vary", value: "Accept, Accept-Language")
        return HTTPResponse(status: .ok, headers: headers, body: query.plainText ? Array(label.value.utf8) : label.jsonBytes)
    }

    static func json(_ status: HTTPStatus, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Array(body.utf8))
    }
}
