package import HTTP1
package import LabelCore
package import MissingKeys

/// An error that knows its HTTP answer. Every error a handler or the parser
/// produces maps to a status here, in one place, and is sent as
/// `{"error": code, "message": text}`.
protocol HTTPResponseError: Error {
    var status: HTTPStatus { get }
    /// A stable machine-readable code (`invalid_language`, `not_found`...).
    var code: String { get }
    /// A sentence for people.
    var message: String { get }
    /// Extra response fields (`Allow` on 405).
    var headers: HTTPHeaders { get }
}

extension HTTPResponseError {
    var headers: HTTPHeaders { [:] }

    /// The JSON error response.
    var response: HTTPResponse {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("error", code)
        writer.field("message", message)
        writer.endObject()
        var headers = self.headers
        headers.add(.contentType, value: "application/json; charset=utf-8")
        return HTTPResponse(status: status, headers: headers, body: writer.bytes)
    }
}

extension HTTPParseError: HTTPResponseError {}

extension HTTPConnectionState.ReadTimeout: HTTPResponseError {}

extension FormatError: HTTPResponseError {
    /// Argument problems are the client's (400); a variable without a usable
    /// variant is the store's, which `lint` reports (500).
    package var status: HTTPStatus {
        argument == nil ? .internalServerError : .badRequest
    }

    package var code: String { argument == nil ? "store_error" : "invalid_argument" }

    package var message: String {
        guard let argument else { return description }
        let name = argument == 1 ? "count" : "arg #\(argument - 1)"
        return "\(description) (argument \(argument) is \(name): count is argument 1, each arg follows)"
    }
}

/// A bad `POST /missing` body is the client's (400, 413); failing to persist is ours.
extension MissingReportError: HTTPResponseError {
    package var status: HTTPStatus {
        switch self {
        case .bodyTooLarge: .contentTooLarge
        case .persistence: .internalServerError
        default: .badRequest
        }
    }
}

/// The shared report store (Redis) cannot be reached: `/missing` and `/usage` answer 503 with
/// `Retry-After`, the label routes are not concerned.
extension ReportStoreUnavailable: HTTPResponseError {
    package var status: HTTPStatus { .serviceUnavailable }
    package var code: String { "report_store_unavailable" }
    package var message: String {
        "the missing-key report and usage live in the report store, which cannot be reached now (\(cause)); labels are served and hits kept meanwhile: retry later"
    }
    package var headers: HTTPHeaders { ["Retry-After": String(retryAfter)] }
}
