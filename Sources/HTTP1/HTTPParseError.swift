/// Why a request could not be parsed (``Reason``) and the stream offset where it was found.
///
/// The status, machine code and message sent to the client are computed from the reason,
/// in one place (``Reason/status``, ``Reason/code``, ``Reason/description``), as SwiftNIO's
/// `HTTPParserError` and this package's `StringsParseError` name what went wrong by case:
/// tests assert the reason, so a request rejected for the wrong rule does not pass as
/// "some 400".
///
/// The server hands it to its responder (`HTTPResponder.respond(to:)`), which turns it into
/// the response; after any parse error the connection must be closed, because the framing of
/// anything that follows is unknown.
package struct HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which rule the request broke.
    package let reason: Reason
    /// Byte offset in the connection's input stream where the error was detected, if known.
    package let offset: Int?

    /// Creates an error.
    package init(_ reason: Reason, at offset: Int? = nil) {
        self.reason = reason
        self.offset = offset
    }

    /// The response status: 400, 413, 414, 431, 501 or 505 (``Reason/status``).
    package var status: HTTPStatus { reason.status }
    /// A stable machine-readable code, e.g. `"bad_request"`, `"header_fields_too_large"`.
    package var code: String { reason.code }
    /// A short human-readable explanation, safe to send to the client.
    package var message: String { reason.description }

    package var description: String {
        "\(status.code) \(code): \(message)" + (offset.map { " (at byte \($0))" } ?? "")
    }
}
