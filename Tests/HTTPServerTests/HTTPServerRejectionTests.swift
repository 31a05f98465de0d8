import HTTP1
import Testing
import TestSupport

/// Requests RFC 9112 says to reject, and requests over the configured limits: each gets its
/// status, code and reason's message over the socket, then the connection closes (the
/// framing of what follows is unknown).
@Suite(.serialized)
struct HTTPServerRejectionTests {
    /// Small limits, so that going over them takes few bytes.
    static let limits = HTTPParserLimits(maxRequestLineBytes: 1024, maxHeaderBytes: 2048, maxHeaderCount: 20,
                                         maxBodyBytes: 1000)

    /// Sends `request`, expects one response with `status`, `code` and the message of
    /// `reason`, then the close.
    private func expectRejection(_ request: String, status: Int, code: String, reason: HTTPParseError.Reason,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        try TestServer.with(limits: Self.limits) { server in
            let client = try server.connect()
            let response = try client.exchange(request)
            #expect(response.status == status, "\(response)", sourceLocation: sourceLocation)
            #expect(response.header("X-Error") == code, sourceLocation: sourceLocation)
            #expect(response.text == reason.description, sourceLocation: sourceLocation)
            #expect(response.closes, "an error response must say Connection: close", sourceLocation: sourceLocation)
            #expect(client.waitForClose() == .closed, sourceLocation: sourceLocation)
        }
    }

    @Test func bothContentLengthAndTransferEncodingAre400() throws {
        try expectRejection(
            "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400, code: "bad_request", reason: .contentLengthWithTransferEncoding)
    }

    @Test func duplicateContentLengthIs400() throws {
        try expectRejection("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", status: 400, code: "bad_request", reason: .duplicateContentLength)
    }

    @Test func invalidContentLengthIs400() throws {
        try expectRejection("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: -3\r\n\r\nabc", status: 400, code: "bad_request", reason: .invalidContentLength)
    }

    @Test func missingHostOnHTTP11Is400() throws {
        try expectRejection("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", status: 400, code: "bad_request", reason: .missingHost)
    }

    @Test func duplicateHostIs400() throws {
        try expectRejection("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400, code: "bad_request", reason: .duplicateHost)
    }

    @Test func obsFoldIs400() throws {
        try expectRejection("GET / HTTP/1.1\r\nHost: t\r\nX-Folded: one\r\n two\r\n\r\n", status: 400, code: "bad_request", reason: .obsoleteLineFolding)
    }

    @Test func whitespaceBeforeColonIs400() throws {
        try expectRejection("GET / HTTP/1.1\r\nHost : t\r\n\r\n", status: 400, code: "bad_request", reason: .whitespaceBeforeColon)
    }

    @Test func http20Is505() throws {
        try expectRejection("GET / HTTP/2.0\r\nHost: t\r\n\r\n", status: 505, code: "http_version_not_supported", reason: .versionNotSupported(major: 2, minor: 0))
    }

    @Test func requestLineOverTheLimitIs414() throws {
        try expectRejection(get("/" + String(repeating: "a", count: 1100)), status: 414, code: "uri_too_long", reason: .requestLineTooLong(limit: 1024))
    }

    @Test func tooManyHeaderFieldsIs431() throws {
        let fields = (0..<25).map { "X-F\($0): v\r\n" }.joined()
        try expectRejection(get("/", fields), status: 431, code: "header_fields_too_large", reason: .tooManyHeaderFields(limit: 20))
    }

    @Test func headerSectionOverTheByteLimitIs431() throws {
        try expectRejection(get("/", "X-Big: \(String(repeating: "b", count: 2100))\r\n"), status: 431, code: "header_fields_too_large", reason: .headerSectionTooLarge(limit: 2048))
    }

    @Test func contentLengthOverTheBodyLimitIs413() throws {
        try expectRejection("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\n\r\n" + String(repeating: "z", count: 1001),
                            status: 413, code: "content_too_large", reason: .bodyTooLarge(limit: 1000))
    }

    @Test func chunkedBodyOverTheBodyLimitIs413() throws {
        let chunk = String(repeating: "q", count: 600)
        try expectRejection(
            "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n",
            status: 413, code: "content_too_large", reason: .bodyTooLarge(limit: 1000))
    }

    @Test func chunkedBodyIsDecoded() throws {
        try TestServer.with(limits: Self.limits) { server in
            let client = try server.connect()
            let response = try client.exchange(
                "POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n")
            #expect(response.status == 200)
            #expect(response.text == "hello world")
            #expect(!response.closes)
            #expect(try client.exchange(get("/after")).text == "GET /after")
        }
    }

    @Test func bodyAtExactlyTheLimitIsAccepted() throws {
        try TestServer.with(limits: Self.limits) { server in
            let client = try server.connect()
            let body = String(repeating: "k", count: 1000)
            let response = try client.exchange("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n\(body)")
            #expect(response.status == 200)
            #expect(response.text == body)
        }
    }
}
