/// Why a request could not be parsed: the status to answer with, a machine code, a message
/// and the stream offset where the problem was found.
///
/// The server hands it to its responder (`HTTPResponder.respond(to:)`), which turns it into
/// the response; after any parse error the connection must be closed, because the framing of
/// anything that follows is unknown.
public struct HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The response status this error maps to: 400, 413, 414, 431, 501 or 505 from the parser;
    /// 408 when the server stops waiting for a request (built by the server, not the parser).
    public let status: HTTPStatus
    /// A stable machine-readable code, e.g. `"bad_request"`, `"header_fields_too_large"`.
    public let code: String
    /// A short human-readable explanation, safe to send to the client.
    public let message: String
    /// Byte offset in the connection's input stream where the error was detected, if known.
    public let offset: Int?

    /// Creates an error.
    public init(status: HTTPStatus, code: String, message: String, offset: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String {
        "\(status.code) \(code): \(message)" + (offset.map { " (at byte \($0))" } ?? "")
    }

    /// 400: malformed syntax or framing.
    ///
    /// `code` names the rule broken where a client can act on it (`invalid_host`,
    /// `dot_segment`, `invalid_target`); framing errors keep the generic `bad_request`.
    public static func badRequest(_ message: String, code: String = "bad_request", at offset: Int? = nil) -> HTTPParseError {
        HTTPParseError(status: .badRequest, code: code, message: message, offset: offset)
    }

    /// 413: body larger than ``HTTPParserLimits/maxBodyBytes``.
    public static func contentTooLarge(_ message: String, at offset: Int? = nil) -> HTTPParseError {
        HTTPParseError(status: .contentTooLarge, code: "content_too_large", message: message, offset: offset)
    }

    /// 414: request line longer than ``HTTPParserLimits/maxRequestLineBytes``.
    public static func uriTooLong(_ message: String, at offset: Int? = nil) -> HTTPParseError {
        HTTPParseError(status: .uriTooLong, code: "uri_too_long", message: message, offset: offset)
    }

    /// 431: header section too large or with too many fields.
    public static func headerFieldsTooLarge(_ message: String, at offset: Int? = nil) -> HTTPParseError {
        HTTPParseError(
            status: .requestHeaderFieldsTooLarge, code: "header_fields_too_large", message: message, offset: offset)
    }

    /// 501: a method longer than any we implement, or a transfer coding we do not implement.
    public static func notImplemented(_ message: String, at offset: Int? = nil) -> HTTPParseError {
        HTTPParseError(status: .notImplemented, code: "not_implemented", message: message, offset: offset)
    }

    /// 505: a well-formed HTTP version other than 1.0 and 1.1.
    public static func versionNotSupported(_ message: String, at offset: Int? = nil) -> HTTPParseError {
        HTTPParseError(
            status: .httpVersionNotSupported, code: "http_version_not_supported", message: message, offset: offset)
    }
}
