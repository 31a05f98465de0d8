import Testing
import HTTP1

/// What each reason puts on the wire: status, the JSON error's `code` and the message.
/// The table is the wire contract clients see; a reason added without a row fails
/// ``everyReasonHasARow``.
@Suite struct HTTPParseErrorTests {
    typealias Reason = HTTPParseError.Reason

    static let wire: [(reason: Reason, status: Int, code: String, message: String)] = [
        (.bareLineFeed, 400, "bad_request", "line terminated by a bare LF (CRLF required)"),
        (.tooManyEmptyLines, 400, "bad_request", "too many empty lines before the request line"),
        (.requestLineTooLong(limit: 16384), 414, "uri_too_long", "request line longer than 16384 bytes"),
        (.methodTooLong(limit: 32), 501, "not_implemented", "method longer than 32 bytes"),
        (.invalidMethod, 400, "bad_request", "invalid method in request line"),
        (.characterNotAllowedInTarget, 400, "invalid_target",
         "character not allowed in a request-target (RFC 3986): percent-encode it"),
        (.invalidRequestTarget, 400, "bad_request", "invalid request-target"),
        (.dotSegment, 400, "dot_segment", "request path has a \".\" or \"..\" segment (raw or percent-encoded)"),
        (.malformedVersion, 400, "bad_request", "malformed HTTP version"),
        (.versionNotSupported(major: 2, minor: 0), 505, "http_version_not_supported", "HTTP/2.0 is not supported"),
        (.asteriskFormNotOptions, 400, "bad_request", "asterisk-form target is only allowed for OPTIONS"),
        (.absoluteFormWithoutAuthority, 400, "bad_request", "absolute-form target without authority"),
        (.connectNotSupported, 501, "not_implemented", "CONNECT is not supported"),
        (.unsupportedTargetForm, 400, "bad_request", "request-target must be origin-form, absolute-form or *"),
        (.tooManyHeaderFields(limit: 100), 431, "header_fields_too_large", "more than 100 header fields"),
        (.headerSectionTooLarge(limit: 16384), 431, "header_fields_too_large", "header section larger than 16384 bytes"),
        (.trailerSectionTooLarge(limit: 16384), 431, "header_fields_too_large", "trailer section larger than 16384 bytes"),
        (.obsoleteLineFolding, 400, "bad_request", "obsolete line folding or leading whitespace in header section"),
        (.whitespaceBeforeColon, 400, "bad_request", "whitespace between header field name and colon"),
        (.invalidFieldName, 400, "bad_request", "invalid header field name"),
        (.controlCharacterInFieldValue, 400, "bad_request", "control character in header field value"),
        (.missingHost, 400, "bad_request", "missing Host header"),
        (.duplicateHost, 400, "bad_request", "more than one Host header"),
        (.invalidHost, 400, "invalid_host", "invalid Host header: not uri-host [ \":\" port ]"),
        (.contentLengthWithTransferEncoding, 400, "bad_request", "both Content-Length and Transfer-Encoding"),
        (.transferEncodingInHTTP10, 400, "bad_request", "Transfer-Encoding in an HTTP/1.0 request"),
        (.transferEncodingNotEndingInChunked, 400, "bad_request", "Transfer-Encoding does not end in chunked"),
        (.chunkedAppliedTwice, 400, "bad_request", "chunked applied more than once"),
        (.unsupportedTransferCoding("gzip"), 501, "not_implemented", "unsupported transfer coding gzip"),
        (.duplicateContentLength, 400, "bad_request", "more than one Content-Length header"),
        (.emptyContentLength, 400, "bad_request", "empty Content-Length"),
        (.invalidContentLength, 400, "bad_request", "invalid Content-Length"),
        (.bodyTooLarge(limit: 1_048_576), 413, "content_too_large", "body larger than 1048576 bytes"),
        (.invalidChunkSize, 400, "bad_request", "invalid chunk size"),
        (.chunkSizeLineTooLong(limit: 256), 400, "bad_request", "chunk-size line longer than 256 bytes"),
        (.controlCharacterInChunkExtension, 400, "bad_request", "control character in chunk extension"),
        (.whitespaceAfterChunkSize, 400, "bad_request", "whitespace after chunk size without extension"),
        (.chunkDataNotFollowedByCRLF, 400, "bad_request", "chunk data not followed by CRLF"),
    ]

    @Test func eachReasonHasItsStatusCodeAndMessage() {
        for row in Self.wire {
            let error = HTTPParseError(row.reason, at: 3)
            #expect(error.status.code == row.status, "\(row.reason)")
            #expect(error.code == row.code, "\(row.reason)")
            #expect(error.message == row.message)
            #expect(error.description == "\(row.status) \(row.code): \(row.message) (at byte 3)")
        }
    }

    /// Fails to compile when a case is added (the switch), and fails when the table lacks it.
    @Test func everyReasonHasARow() {
        func name(_ reason: Reason) -> String {
            switch reason {
            case .bareLineFeed, .tooManyEmptyLines, .requestLineTooLong, .methodTooLong, .invalidMethod,
                 .characterNotAllowedInTarget, .invalidRequestTarget, .dotSegment, .malformedVersion,
                 .versionNotSupported, .asteriskFormNotOptions, .absoluteFormWithoutAuthority, .connectNotSupported,
                 .unsupportedTargetForm, .tooManyHeaderFields, .headerSectionTooLarge, .trailerSectionTooLarge,
                 .obsoleteLineFolding, .whitespaceBeforeColon, .invalidFieldName, .controlCharacterInFieldValue,
                 .missingHost, .duplicateHost, .invalidHost, .contentLengthWithTransferEncoding,
                 .transferEncodingInHTTP10, .transferEncodingNotEndingInChunked, .chunkedAppliedTwice,
                 .unsupportedTransferCoding, .duplicateContentLength, .emptyContentLength, .invalidContentLength,
                 .bodyTooLarge, .invalidChunkSize, .chunkSizeLineTooLong, .controlCharacterInChunkExtension,
                 .whitespaceAfterChunkSize, .chunkDataNotFollowedByCRLF:
                String(describing: reason).prefix { $0 != "(" }.description
            }
        }
        #expect(Set(Self.wire.map { "\($0.reason)" }).count == Self.wire.count, "one row per reason")
        #expect(Self.wire.count == 38, "every case of HTTPParseError.Reason, once (the switch above lists them)")
        _ = Self.wire.map { name($0.reason) }
    }

    @Test func aReadTimeoutIs408RequestTimeout() {
        for timeout in [HTTPConnectionState.ReadTimeout.head, .body] {
            #expect(timeout.status.code == 408)
            #expect(timeout.code == "request_timeout")
            #expect(timeout.message == "the request was not received in time")
        }
    }
}
