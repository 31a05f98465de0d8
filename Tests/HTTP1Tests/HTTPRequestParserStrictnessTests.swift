import Testing
@testable import HTTP1

/// What RFC 9112 and SPEC §7 say to reject, and with which status.
@Suite struct HTTPRequestParserStrictnessTests {
    let host = "Host: x\r\n"

    @Test func contentLengthWithTransferEncodingIs400() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n") == 400)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n") == 400)
    }

    @Test(arguments: ["1,2", "1,1", "+1", "-1", " ", "", "1 2", "0x10", "1.0", "ab", "1;"])
    func invalidContentLengthIs400(value: String) {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: \(value)\r\n\r\n") == 400)
    }

    @Test func duplicateContentLengthIs400EvenWhenIdentical() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: 1\r\nContent-Length: 2\r\n\r\nab") == 400)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: 1\r\ncontent-length: 1\r\n\r\na") == 400)
    }

    @Test func contentLengthAboveLimitIs413BeforeTheBodyArrives() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999999999\r\n\r\n") == 413)
    }

    @Test func transferEncodingNotEndingInChunkedIs400() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip\r\n\r\n") == 400)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, gzip\r\n\r\n") == 400)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: \r\n\r\n") == 400)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n") == 400)
    }

    @Test func otherCodingsBeforeChunkedAre501() {
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n") == 501)
        #expect(rejection("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
    }

    @Test func transferEncodingIsCaseInsensitive() throws {
        let r = try #require(parseOne("POST / HTTP/1.1\r\n\(host)transfer-encoding: CHUNKED\r\n\r\n1\r\na\r\n0\r\n\r\n"))
        #expect(r.body == bytes("a"))
    }

    @Test func transferEncodingOnHTTP10Is400() {
        #expect(rejection("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") == 400)
    }

    @Test func missingOrDuplicateHostOnHTTP11Is400() {
        #expect(rejection("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\nHost:\r\n\r\n") == nil, "an empty Host is allowed")
    }

    @Test func obsFoldIs400() {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X-A: one\r\n two\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X-A: one\r\n\ttwo\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\n \(host)\r\n") == 400)
    }

    @Test func whitespaceBeforeColonIs400() {
        #expect(rejection("GET / HTTP/1.1\r\nHost : x\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X-A\t: y\r\n\r\n") == 400)
    }

    @Test(arguments: ["X(A", "X@", "X A", "X\u{0}", "É", "X\u{7F}", ""])
    func invalidHeaderNameBytesAre400(name: String) {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)\(name): y\r\n\r\n") == 400)
    }

    @Test func lineWithoutColonIs400() {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)NoColon\r\n\r\n") == 400)
    }

    @Test(arguments: ["\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "a\rb", "\u{0B}"])
    func controlBytesInHeaderValuesAre400(value: String) {
        #expect(rejection("GET / HTTP/1.1\r\n\(host)X: \(value)\r\n\r\n") == 400)
    }

    @Test func obsTextAndTabsInValuesAreAccepted() throws {
        var input = bytes("GET / HTTP/1.1\r\n\(host)X: a\tb ")
        input += [0xC3, 0xA9, 0xFF]
        input += bytes("\r\n\r\n")
        let request = try #require(requests(parseAll(input)).first)
        #expect(request.headers["X"]?.hasPrefix("a\tb é") == true)
    }

    @Test func bareLFIs400() {
        #expect(rejection("GET / HTTP/1.1\nHost: x\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\nHost: x\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\nHost: x\r\n\n") == 400)
        #expect(rejection("\nGET / HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
    }

    @Test func bareCRIs400() {
        #expect(rejection("GET / HTTP/1.1\rHost: x\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n") == 400)
        #expect(rejection("GET /a\rb HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/1.2", "HTTP/3.0", "HTTP/0.9", "HTTP/9.9"])
    func wellFormedUnknownVersionsAre505(version: String) {
        #expect(rejection("GET / \(version)\r\nHost: x\r\n\r\n") == 505)
    }

    @Test(arguments: ["HTTP/x", "HTTP/1.x", "http/1.1", "HTTP/1.1 ", "HTTP/11", "HTTP/1.10", "HTTP/10.0", "HTTP 1.1", "", "HTTP/1,1"])
    func malformedVersionsAre400(version: String) {
        #expect(rejection("GET / \(version)\r\nHost: x\r\n\r\n") == 400)
    }

    @Test func requestLineMustHaveSingleSpaces() {
        #expect(rejection("GET  / HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(rejection("GET /  HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(rejection(" GET / HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(rejection("GET\t/ HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(rejection("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(rejection("GET /\r\n\r\n") == 400)
        #expect(rejection("GET\r\n\r\n") == 400)
    }

    @Test(arguments: ["G(T", "GE\u{0}T", "GÉT", "G\u{7F}T"])
    func invalidMethodBytesAre400(method: String) {
        #expect(rejection("\(method) / HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
    }

    @Test(arguments: ["labels", "example.com:80", "/a#frag", "/é", "/a\u{0}"])
    func targetsThatAreNotOriginAbsoluteOrAsteriskAre400(target: String) {
        #expect(rejection("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
    }

    @Test func connectIs501() {
        #expect(rejection("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n") == 501)
    }

    @Test func absoluteFormWithoutAuthorityIs400() {
        #expect(rejection("GET http:///a HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
    }

    @Test func errorsCarryCodeStatusAndMessage() throws {
        let e = try #require(parseError("GET / HTTP/2.0\r\n\r\n"))
        #expect(e.status == .httpVersionNotSupported)
        #expect(e.code == "http_version_not_supported")
        #expect(!e.message.isEmpty)
        let b = try #require(parseError("GET / HTTP/1.1\r\n\r\n"))
        #expect(b.code == "bad_request")
        #expect(b.status.reasonPhrase == "Bad Request")
    }
}
