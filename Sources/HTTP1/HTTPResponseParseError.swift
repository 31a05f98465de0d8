/// Why a response from a peer could not be read: a machine code and the byte offset in the
/// response stream where the problem was found.
///
/// The client side treats every one of these as "this peer did not answer": the response is
/// discarded whole, never half-used.
package struct HTTPResponseParseError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Code: String, Sendable, Hashable {
        /// Not `HTTP/1.x SP 3DIGIT SP reason CRLF`.
        case malformedStatusLine = "malformed_status_line"
        /// A well-formed version other than 1.0 and 1.1.
        case unsupportedVersion = "unsupported_version"
        /// A header line that is not `token ":" OWS value OWS`, has obs-fold, or a control byte.
        case malformedHeader = "malformed_header"
        /// The head is larger than the limit or has too many fields.
        case headerTooLarge = "header_too_large"
        /// Bad, conflicting or duplicate `Content-Length`; both it and `Transfer-Encoding`.
        case badFraming = "bad_framing"
        /// A transfer coding other than a single `chunked`.
        case unsupportedTransferCoding = "unsupported_transfer_coding"
        /// A malformed chunk-size line or a chunk not followed by CRLF.
        case malformedChunk = "malformed_chunk"
        /// The body is larger than the limit.
        case bodyTooLarge = "body_too_large"
        /// The stream ended before the response was complete.
        case truncated = "truncated"
        /// `101 Switching Protocols`, which this client never asks for.
        case unexpectedStatus = "unexpected_status"
    }

    package let code: Code
    package let message: String
    /// Byte offset in the response stream.
    package let offset: Int

    package init(_ code: Code, _ message: String, at offset: Int) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    package var description: String { "\(code.rawValue): \(message) (at byte \(offset))" }
}
