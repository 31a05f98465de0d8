extension HTTPParseError {
    /// Every rule ``HTTPRequestParser`` rejects a request for (RFC 9112 unless noted).
    /// A limit in a case is the one in force (``HTTPParserLimits``), shown in the message.
    package enum Reason: Sendable, Hashable, CustomStringConvertible {
        // MARK: Lines and the request line (RFC 9112 §2.2, §3)

        /// A line ends in LF without CR (a smuggling vector behind lenient proxies).
        case bareLineFeed
        /// More empty lines before the request line than the request-line limit allows.
        case tooManyEmptyLines
        /// The request line is longer than ``HTTPParserLimits/maxRequestLineBytes`` (414).
        case requestLineTooLong(limit: Int)
        /// The method is longer than any implemented (501).
        case methodTooLong(limit: Int)
        /// No method, a non-token byte in it, or not one space after it.
        case invalidMethod
        /// A byte RFC 3986 does not allow in a request-target (code `invalid_target`).
        case characterNotAllowedInTarget
        /// An empty request-target, or no space and version after it.
        case invalidRequestTarget
        /// A `.` or `..` path segment, raw or percent-encoded (code `dot_segment`).
        case dotSegment
        /// The version is not `HTTP/DIGIT.DIGIT`.
        case malformedVersion
        /// A well-formed version other than 1.0 and 1.1 (505).
        case versionNotSupported(major: Int, minor: Int)
        /// `*` as the target of a method other than OPTIONS.
        case asteriskFormNotOptions
        /// `http:///path`: absolute-form with an empty authority.
        case absoluteFormWithoutAuthority
        /// Authority-form for CONNECT, which this server does not proxy (501).
        case connectNotSupported
        /// A target that is none of origin-form, absolute-form and `*`.
        case unsupportedTargetForm

        // MARK: Header and trailer fields (§5)

        /// More fields than ``HTTPParserLimits/maxHeaderCount`` (431).
        case tooManyHeaderFields(limit: Int)
        /// A header section larger than ``HTTPParserLimits/maxHeaderBytes`` (431).
        case headerSectionTooLarge(limit: Int)
        /// A trailer section larger than ``HTTPParserLimits/maxHeaderBytes`` (431).
        case trailerSectionTooLarge(limit: Int)
        /// obs-fold, or whitespace at the start of the header section (§5.2).
        case obsoleteLineFolding
        /// Whitespace between a field name and its colon (§5.1).
        case whitespaceBeforeColon
        /// An empty field name, a non-token byte in it, or no colon.
        case invalidFieldName
        /// A control byte (other than tab) in a field value.
        case controlCharacterInFieldValue

        // MARK: Host (§3.2)

        /// An HTTP/1.1 request without `Host`.
        case missingHost
        /// More than one `Host` field.
        case duplicateHost
        /// A `Host` that is not `uri-host [ ":" port ]` (code `invalid_host`).
        case invalidHost

        // MARK: Body framing (§6): the request-smuggling rules

        /// Both `Content-Length` and `Transfer-Encoding` (§6.1).
        case contentLengthWithTransferEncoding
        /// `Transfer-Encoding` in an HTTP/1.0 request (§6.1).
        case transferEncodingInHTTP10
        /// A `Transfer-Encoding` whose last coding is not `chunked` (§6.3).
        case transferEncodingNotEndingInChunked
        /// `chunked` more than once (§7.1).
        case chunkedAppliedTwice
        /// A coding before `chunked` (`gzip, chunked`), which this server does not decode (501).
        case unsupportedTransferCoding(String)
        /// More than one `Content-Length` field, even with equal values.
        case duplicateContentLength
        /// A `Content-Length` field with an empty value.
        case emptyContentLength
        /// A `Content-Length` that is not 1*DIGIT.
        case invalidContentLength
        /// A body larger than ``HTTPParserLimits/maxBodyBytes`` (413), declared or chunked.
        case bodyTooLarge(limit: Int)

        // MARK: Chunked bodies (§7.1)

        /// A chunk-size that is not hex digits, or a byte after it that starts no extension.
        case invalidChunkSize
        /// A chunk-size line longer than ``HTTPParserLimits/maxChunkSizeLineBytes``.
        case chunkSizeLineTooLong(limit: Int)
        /// A control byte in a chunk extension.
        case controlCharacterInChunkExtension
        /// Whitespace after a chunk-size with no extension following it.
        case whitespaceAfterChunkSize
        /// Chunk data longer than its size, or not ended by CRLF.
        case chunkDataNotFollowedByCRLF

        /// The response status.
        package var status: HTTPStatus {
            switch self {
            case .requestLineTooLong: .uriTooLong
            case .tooManyHeaderFields, .headerSectionTooLarge, .trailerSectionTooLarge: .requestHeaderFieldsTooLarge
            case .bodyTooLarge: .contentTooLarge
            case .methodTooLong, .connectNotSupported, .unsupportedTransferCoding: .notImplemented
            case .versionNotSupported: .httpVersionNotSupported
            case .bareLineFeed, .tooManyEmptyLines, .invalidMethod, .characterNotAllowedInTarget,
                 .invalidRequestTarget, .dotSegment, .malformedVersion, .asteriskFormNotOptions,
                 .absoluteFormWithoutAuthority, .unsupportedTargetForm, .obsoleteLineFolding,
                 .whitespaceBeforeColon, .invalidFieldName, .controlCharacterInFieldValue, .missingHost,
                 .duplicateHost, .invalidHost, .contentLengthWithTransferEncoding, .transferEncodingInHTTP10,
                 .transferEncodingNotEndingInChunked, .chunkedAppliedTwice, .duplicateContentLength,
                 .emptyContentLength, .invalidContentLength, .invalidChunkSize, .chunkSizeLineTooLong,
                 .controlCharacterInChunkExtension, .whitespaceAfterChunkSize, .chunkDataNotFollowedByCRLF:
                .badRequest
            }
        }

        /// The code sent as the JSON error's `error`: the status's, except where a client
        /// can act on the rule broken (`invalid_host`, `dot_segment`, `invalid_target`).
        package var code: String {
            switch self {
            case .invalidHost: "invalid_host"
            case .dotSegment: "dot_segment"
            case .characterNotAllowedInTarget: "invalid_target"
            default:
                switch status {
                case .uriTooLong: "uri_too_long"
                case .requestHeaderFieldsTooLarge: "header_fields_too_large"
                case .contentTooLarge: "content_too_large"
                case .notImplemented: "not_implemented"
                case .httpVersionNotSupported: "http_version_not_supported"
                default: "bad_request"
                }
            }
        }

        /// The message sent to the client.
        package var description: String {
            switch self {
            case .bareLineFeed: "line terminated by a bare LF (CRLF required)"
            case .tooManyEmptyLines: "too many empty lines before the request line"
            case .requestLineTooLong(let limit): "request line longer than \(limit) bytes"
            case .methodTooLong(let limit): "method longer than \(limit) bytes"
            case .invalidMethod: "invalid method in request line"
            case .characterNotAllowedInTarget: "character not allowed in a request-target (RFC 3986): percent-encode it"
            case .invalidRequestTarget: "invalid request-target"
            case .dotSegment: "request path has a \".\" or \"..\" segment (raw or percent-encoded)"
            case .malformedVersion: "malformed HTTP version"
            case .versionNotSupported(let major, let minor): "HTTP/\(major).\(minor) is not supported"
            case .asteriskFormNotOptions: "asterisk-form target is only allowed for OPTIONS"
            case .absoluteFormWithoutAuthority: "absolute-form target without authority"
            case .connectNotSupported: "CONNECT is not supported"
            case .unsupportedTargetForm: "request-target must be origin-form, absolute-form or *"
            case .tooManyHeaderFields(let limit): "more than \(limit) header fields"
            case .headerSectionTooLarge(let limit): "header section larger than \(limit) bytes"
            case .trailerSectionTooLarge(let limit): "trailer section larger than \(limit) bytes"
            case .obsoleteLineFolding: "obsolete line folding or leading whitespace in header section"
            case .whitespaceBeforeColon: "whitespace between header field name and colon"
            case .invalidFieldName: "invalid header field name"
            case .controlCharacterInFieldValue: "control character in header field value"
            case .missingHost: "missing Host header"
            case .duplicateHost: "more than one Host header"
            case .invalidHost: "invalid Host header: not uri-host [ \":\" port ]"
            case .contentLengthWithTransferEncoding: "both Content-Length and Transfer-Encoding"
            case .transferEncodingInHTTP10: "Transfer-Encoding in an HTTP/1.0 request"
            case .transferEncodingNotEndingInChunked: "Transfer-Encoding does not end in chunked"
            case .chunkedAppliedTwice: "chunked applied more than once"
            case .unsupportedTransferCoding(let coding): "unsupported transfer coding \(coding)"
            case .duplicateContentLength: "more than one Content-Length header"
            case .emptyContentLength: "empty Content-Length"
            case .invalidContentLength: "invalid Content-Length"
            case .bodyTooLarge(let limit): "body larger than \(limit) bytes"
            case .invalidChunkSize: "invalid chunk size"
            case .chunkSizeLineTooLong(let limit): "chunk-size line longer than \(limit) bytes"
            case .controlCharacterInChunkExtension: "control character in chunk extension"
            case .whitespaceAfterChunkSize: "whitespace after chunk size without extension"
            case .chunkDataNotFollowedByCRLF: "chunk data not followed by CRLF"
            }
        }
    }
}
