import Testing
import HTTP1

/// Each limit accepts exactly N and rejects N+1 with its documented status.
@Suite struct HTTPParserLimitsTests {
    let limits = HTTPParserLimits.default

    @Test func defaultsAreAsDocumented() {
        #expect(limits.maxMethodBytes == 32)
        #expect(limits.maxRequestLineBytes == 16384)
        #expect(limits.maxHeaderBytes == 16384)
        #expect(limits.maxHeaderCount == 100)
        #expect(limits.maxBodyBytes == 1_048_576)
        #expect(limits.maxChunkSizeLineBytes == 256)
    }

    /// `GET /aaa… HTTP/1.1` of exactly `length` bytes.
    func requestLine(length: Int) -> String {
        "GET /" + String(repeating: "a", count: length - 14) + " HTTP/1.1"
    }

    @Test func requestLineAtLimitIsAcceptedAndOneMoreIs414() {
        let n = limits.maxRequestLineBytes
        #expect(requestLine(length: n).utf8.count == n)
        #expect(parseOne(requestLine(length: n) + "\r\nHost: x\r\n\r\n") != nil)
        #expect(rejection(requestLine(length: n + 1) + "\r\nHost: x\r\n\r\n") == .requestLineTooLong(limit: n))
    }

    @Test func overlongRequestLineIsRejectedBeforeItsEndArrives() {
        let n = limits.maxRequestLineBytes
        let prefix = requestLine(length: n + 2)
        #expect(parseAll(String(prefix.prefix(n + 1))) == [.needMoreData])
        #expect(rejection(String(prefix.prefix(n + 2))) == .requestLineTooLong(limit: n))
    }

    @Test func methodAtLimitIsAcceptedAndOneMoreIs501() {
        let n = limits.maxMethodBytes
        #expect(parseOne(String(repeating: "M", count: n) + " / HTTP/1.1\r\nHost: x\r\n\r\n") != nil)
        #expect(rejection(String(repeating: "M", count: n + 1) + " / HTTP/1.1\r\nHost: x\r\n\r\n") == .methodTooLong(limit: n))
    }

    /// A header section (Host plus one padding field) whose field lines total `total` bytes.
    func headerSection(total: Int) -> String {
        "Host: x\r\nX: " + String(repeating: "v", count: total - 7 - 3) + "\r\n"
    }

    @Test func headerBytesAtLimitAreAcceptedAndOneMoreIs431() {
        let n = limits.maxHeaderBytes
        #expect(parseOne("GET / HTTP/1.1\r\n" + headerSection(total: n) + "\r\n") != nil)
        #expect(rejection("GET / HTTP/1.1\r\n" + headerSection(total: n + 1) + "\r\n") == .headerSectionTooLarge(limit: n))
    }

    @Test func overlongHeaderSectionIsRejectedBeforeItsEndArrives() {
        let n = limits.maxHeaderBytes
        let input = "GET / HTTP/1.1\r\nX: " + String(repeating: "v", count: n)
        #expect(rejection(input) == .headerSectionTooLarge(limit: n))
    }

    func headers(count: Int) -> String {
        "Host: x\r\n" + (1..<count).map { "X-\($0): v\r\n" }.joined()
    }

    @Test func headerCountAtLimitIsAcceptedAndOneMoreIs431() {
        let n = limits.maxHeaderCount
        #expect(parseOne("GET / HTTP/1.1\r\n" + headers(count: n) + "\r\n")?.headers.count == n)
        #expect(rejection("GET / HTTP/1.1\r\n" + headers(count: n + 1) + "\r\n") == .tooManyHeaderFields(limit: n))
    }

    @Test func contentLengthAtLimitIsAcceptedAndOneMoreIs413() {
        let n = limits.maxBodyBytes
        let body = [UInt8](repeating: 0x61, count: n)
        let ok = parseAll(bytes("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(n)\r\n\r\n") + body)
        #expect(requests(ok).first?.body.count == n)
        #expect(rejection("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(n + 1)\r\n\r\n") == .bodyTooLarge(limit: n))
    }

    @Test func chunkedBodyAtLimitIsAcceptedAndOneMoreIs413() {
        let small = HTTPParserLimits(maxBodyBytes: 10)
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(parseOne(head + "4\r\naaaa\r\n6\r\nbbbbbb\r\n0\r\n\r\n", limits: small)?.body.count == 10)
        #expect(rejection(head + "4\r\naaaa\r\n7\r\nbbbbbbb\r\n0\r\n\r\n", limits: small) == .bodyTooLarge(limit: 10))
        #expect(rejection(head + "B\r\n", limits: small) == .bodyTooLarge(limit: 10))
        #expect(rejection(head + "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\r\n", limits: small) == .bodyTooLarge(limit: 10))
    }

    @Test func chunkSizeLineAtLimitIsAcceptedAndOneMoreIs400() {
        let n = limits.maxChunkSizeLineBytes
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        let ext = ";e=" + String(repeating: "x", count: n - 4)
        #expect(("1" + ext).utf8.count == n)
        #expect(parseOne(head + "1\(ext)\r\na\r\n0\r\n\r\n")?.body == bytes("a"))
        #expect(rejection(head + "1\(ext)x\r\na\r\n0\r\n\r\n") == .chunkSizeLineTooLong(limit: n))
    }

    @Test func trailersAreLimitedLikeHeaders() {
        let small = HTTPParserLimits(maxHeaderBytes: 40, maxHeaderCount: 2)
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
        #expect(parseOne(head + "A: 1\r\nB: 2\r\n\r\n", limits: small) != nil)
        #expect(rejection(head + "A: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: small) == .tooManyHeaderFields(limit: 2))
        #expect(parseOne(head + "T: " + String(repeating: "v", count: 37) + "\r\n\r\n", limits: small) != nil)
        #expect(rejection(head + "T: " + String(repeating: "v", count: 38) + "\r\n\r\n", limits: small) == .trailerSectionTooLarge(limit: 40))
    }

    @Test func emptyLinesBeforeRequestLineAreBoundedByTheRequestLineLimit() {
        let small = HTTPParserLimits(maxRequestLineBytes: 20)
        #expect(parseOne(String(repeating: "\r\n", count: 10) + "GET / HTTP/1.1\r\nHost: x\r\n\r\n", limits: small) != nil)
        #expect(rejection(String(repeating: "\r\n", count: 11) + "GET / HTTP/1.1\r\nHost: x\r\n\r\n", limits: small) == .tooManyEmptyLines)
    }

    @Test func customLimitsApply() {
        let small = HTTPParserLimits(maxRequestLineBytes: 20)
        #expect(rejection("GET /0123456789012345 HTTP/1.1\r\nHost: x\r\n\r\n", limits: small) == .requestLineTooLong(limit: 20))
    }
}
