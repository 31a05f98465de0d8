import Testing
import HTTP1

/// What RFC 9112 and SPEC §7 say to reject, and for which reason (its status and code are
/// pinned by ``HTTPParseErrorTests``).
@Suite struct HTTPRequestParserStrictnessTests {
    let host = "Host: x\r\n"

    @Test func contentLengthWithTransferEncodingIs400() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n") == .contentLengthWithTransferEncoding)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n") == .contentLengthWithTransferEncoding)
    }

    @Test(arguments: ["1,2", "1,1", "+1", "-1", "1 2", "0x10", "1.0", "ab", "1;"])
    func invalidContentLengthIs400(value: String) {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: \(value)\r\n\r\n") == .invalidContentLength)
    }

    @Test(arguments: [" ", ""])
    func emptyContentLengthIs400(value: String) {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: \(value)\r\n\r\n") == .emptyContentLength)
    }

    @Test func duplicateContentLengthIs400EvenWhenIdentical() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: 1\r\nContent-Length: 2\r\n\r\nab") == .duplicateContentLength)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: 1\r\ncontent-length: 1\r\n\r\na") == .duplicateContentLength)
    }

    @Test func contentLengthAboveLimitIs413BeforeTheBodyArrives() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999999999\r\n\r\n") == .bodyTooLarge(limit: HTTPParserLimits.default.maxBodyBytes))
    }

    @Test func transferEncodingNotEndingInChunkedIs400() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip\r\n\r\n") == .transferEncodingNotEndingInChunked)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, gzip\r\n\r\n") == .transferEncodingNotEndingInChunked)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: \r\n\r\n") == .transferEncodingNotEndingInChunked)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n") == .chunkedAppliedTwice)
    }

    @Test func otherCodingsBeforeChunkedAre501() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n") == .unsupportedTransferCoding("gzip"))
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n") == .unsupportedTransferCoding("gzip"))
    }

    @Test func transferEncodingIsCaseInsensitive() throws {
        let r = try #require(parseOne("POST / HTTP/1.1\r\n\(host)transfer-encoding: CHUNKED\r\n\r\n1\r\na\r\n0\r\n\r\n"))
        #expect(r.body == bytes("a"))
    }

    @Test func transferEncodingOnHTTP10Is400() {
        #expect(rejection("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") == .transferEncodingInHTTP10)
    }

    @Test func missingOrDuplicateHostOnHTTP11Is400() {
        #expect(rejection("GET / HTTP/1.1\r\n\r\n") == .missingHost)
        #expect(rejection("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n") == .duplicateHost)
        #expect(rejection("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n") == .duplicateHost)
        #expect(rejection("GET / HTTP/1.1\r\nHost:\r\n\r\n") == nil, "an empty Host is allowed")
    }

    @Test func obsFoldIs400() {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X-A: one\r\n two\r\n\r\n") == .obsoleteLineFolding)
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X-A: one\r\n\ttwo\r\n\r\n") == .obsoleteLineFolding)
        #expect(rejection("GET / HTTP/1.1\r\n \(host)\r\n") == .obsoleteLineFolding)
    }

    @Test func whitespaceBeforeColonIs400() {
        #expect(rejection("GET / HTTP/1.1\r\nHost : x\r\n\r\n") == .whitespaceBeforeColon)
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X-A\t: y\r\n\r\n") == .whitespaceBeforeColon)
    }

    @Test(arguments: ["X(A", "X@", "X\u{0}", "É", "X\u{7F}", ""])
    func invalidHeaderNameBytesAre400(name: String) {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)\(name): y\r\n\r\n") == .invalidFieldName)
    }

    @Test func aSpaceInsideAHeaderNameIsWhitespaceBeforeTheColon() {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X A: y\r\n\r\n") == .whitespaceBeforeColon)
    }

    @Test func lineWithoutColonIs400() {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)NoColon\r\n\r\n") == .invalidFieldName)
    }

    @Test(arguments: ["\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "a\rb", "\u{0B}"])
    func controlBytesInHeaderValuesAre400(value: String) {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X: \(value)\r\n\r\n") == .controlCharacterInFieldValue)
    }

    @Test func obsTextAndTabsInValuesAreAccepted() throws {
        var input = bytes("GET / HTTP/1.1\r\n\(host)X: a\tb ")
        input += [0xC3, 0xA9, 0xFF]
        input += bytes("\r\n\r\n")
        let request = try #require(requests(parseAll(input)).first)
        #expect(request.headers.first("X")?.hasPrefix("a\tb é") == true)
    }

    @Test func bareLFIs400() {
        #expect(rejection("GET / HTTP/1.1\nHost: x\r\n\r\n") == .bareLineFeed)
        #expect(rejection("GET / HTTP/1.1\r\nHost: x\n\r\n") == .bareLineFeed)
        #expect(rejection("GET / HTTP/1.1\r\nHost: x\r\n\n") == .bareLineFeed)
        #expect(rejection("\nGET / HTTP/1.1\r\nHost: x\r\n\r\n") == .bareLineFeed)
    }

    @Test func bareCRIs400() {
        // A bare CR is part of its line, refused by the rule of the part it lands in.
        #expect(rejection("GET / HTTP/1.1\rHost: x\r\n\r\n") == .malformedVersion)
        #expect(rejection("GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n") == .controlCharacterInFieldValue)
        #expect(rejection("GET /a\rb HTTP/1.1\r\nHost: x\r\n\r\n") == .characterNotAllowedInTarget)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/1.2", "HTTP/3.0", "HTTP/0.9", "HTTP/9.9"])
    func wellFormedUnknownVersionsAre505(version: String) {
        let digits = version.utf8.suffix(3)
        let major = Int(digits.first! - UInt8(ascii: "0")), minor = Int(digits.last! - UInt8(ascii: "0"))
        #expect(rejection("GET / \(version)\r\nHost: x\r\n\r\n") == .versionNotSupported(major: major, minor: minor))
    }

    @Test(arguments: ["HTTP/x", "HTTP/1.x", "http/1.1", "HTTP/1.1 ", "HTTP/11", "HTTP/1.10", "HTTP/10.0", "HTTP 1.1", "", "HTTP/1,1"])
    func malformedVersionsAre400(version: String) {
        #expect(rejection("GET / \(version)\r\nHost: x\r\n\r\n") == .malformedVersion)
    }

    @Test func requestLineMustHaveSingleSpaces() {
        #expect(rejection("GET  / HTTP/1.1\r\nHost: x\r\n\r\n") == .invalidRequestTarget)
        #expect(rejection("GET /  HTTP/1.1\r\nHost: x\r\n\r\n") == .malformedVersion)
        #expect(rejection(" GET / HTTP/1.1\r\nHost: x\r\n\r\n") == .invalidMethod)
        #expect(rejection("GET\t/ HTTP/1.1\r\nHost: x\r\n\r\n") == .invalidMethod)
        #expect(rejection("GET / HTTP/1.1\r\n\r\n") == .missingHost)
        #expect(rejection("GET /\r\n\r\n") == .invalidRequestTarget)
        #expect(rejection("GET\r\n\r\n") == .invalidMethod)
    }

    @Test(arguments: ["G(T", "GE\u{0}T", "GÉT", "G\u{7F}T"])
    func invalidMethodBytesAre400(method: String) {
        #expect(rejection("\(method) / HTTP/1.1\r\nHost: x\r\n\r\n") == .invalidMethod)
    }

    @Test(arguments: ["labels", "example.com:80"])
    func targetsThatAreNotOriginAbsoluteOrAsteriskAre400(target: String) {
        #expect(rejection("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n") == .unsupportedTargetForm)
    }

    @Test(arguments: ["/a#frag", "/é", "/a\u{0}"])
    func aFragmentOrANonASCIIOrControlByteInTheTargetIs400(target: String) {
        #expect(rejection("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n") == .characterNotAllowedInTarget)
    }

    @Test func connectIs501() {
        #expect(rejection("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n") == .connectNotSupported)
    }

    @Test func absoluteFormWithoutAuthorityIs400() {
        #expect(rejection("GET http:///a HTTP/1.1\r\nHost: x\r\n\r\n") == .absoluteFormWithoutAuthority)
    }

    @Test func errorsCarryReasonOffsetStatusCodeAndMessage() throws {
        let e = try #require(parseError("GET / HTTP/2.0\r\n\r\n"))
        #expect(e.reason == .versionNotSupported(major: 2, minor: 0))
        #expect(e.offset == 6)
        #expect(e.status == .httpVersionNotSupported)
        #expect(e.code == "http_version_not_supported")
        #expect(e.message == "HTTP/2.0 is not supported")
        #expect(e.description == "505 http_version_not_supported: HTTP/2.0 is not supported (at byte 6)")
    }
}
