import Testing
import HTTP1

/// What a rejected request's log line shows of it: its request line as received, escaped so
/// that no byte of it can forge a log line, and cut at a bound (as nginx logs `$request`).
@Suite struct RejectedRequestLineTests {
    /// The excerpt the parser keeps after rejecting `chunks`, fed one after another.
    private func excerpt(_ chunks: [String], limits: HTTPParserLimits = .default) -> String? {
        var parser = HTTPRequestParser(limits: limits)
        for chunk in chunks {
            parser.append(bytes(chunk))
            if case .error = parser.next() { return parser.rejectedRequestLine?.description }
        }
        Issue.record("not rejected")
        return nil
    }

    @Test func aHeaderErrorShowsTheRequestLineItFollowed() {
        #expect(excerpt(["GET /labels/x?lang=de HTTP/1.1\r\nHost: a b\r\n\r\n"]) == #""GET /labels/x?lang=de HTTP/1.1""#)
        #expect(excerpt(["GET / HTTP/1.1\r\nAccept: */*\r\n\r\n"]) == #""GET / HTTP/1.1""#)   // no Host
    }

    @Test func aHeadSplitAcrossReadsStillShowsItsRequestLine() {
        // Compaction drops the consumed request line between reads; the head keeps what it said.
        #expect(excerpt(["POST /missing HTTP/1.1\r\n", "Host: x\r\n", "Host: y\r\n\r\n"]) == #""POST /missing HTTP/1.1""#)
    }

    @Test func aBodyErrorShowsTheRequestLine() {
        #expect(excerpt(["POST /missing HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", "zz\r\n"])
                == #""POST /missing HTTP/1.1""#)
    }

    @Test func absoluteFormShowsTheTargetAsSent() {
        #expect(excerpt(["GET http://example.com/a?b HTTP/1.1\r\nHost: a b\r\n\r\n"])
                == #""GET http://example.com/a?b HTTP/1.1""#)
    }

    @Test func aBadRequestLineIsShownWithControlBytesQuotesAndBackslashesEscaped() {
        #expect(excerpt(["GET /\u{1B}[31mred HTTP/1.1\r\nHost: x\r\n\r\n"]) == #""GET /\x1B[31mred HTTP/1.1""#)
        #expect(excerpt(["GET /a\"b\\c HTTP/1.1\r\n\r\n"]) == #""GET /a\x22b\x5Cc HTTP/1.1""#)
        #expect(excerpt(["GET /é HTTP/1.1\r\n\r\n"]) == #""GET /\xC3\xA9 HTTP/1.1""#)
        #expect(excerpt(["GET / HTTP/2.0\r\n\r\n"]) == #""GET / HTTP/2.0""#)
    }

    @Test func aLineEndingInABareLFOrCarryingNewlinesCannotStartALogLine() {
        #expect(excerpt(["GET /x HTTP/1.1\nHost: x\n\n"]) == #""GET /x HTTP/1.1""#)
        #expect(excerpt(["GET /x\rForged: line HTTP/1.1\r\n\r\n"]) == #""GET /x\x0DForged: line HTTP/1.1""#)
    }

    @Test func binaryNoiseIsEscapedByteByByte() {
        // A TLS ClientHello sent to the plain-HTTP port.
        let hello: [UInt8] = [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x0D, 0x0A]
        var parser = HTTPRequestParser()
        parser.append(hello)
        guard case .error = parser.next() else { Issue.record("not rejected"); return }
        #expect(parser.rejectedRequestLine?.description == #""\x16\x03\x01\x02\x00\x01\x00\x01\xFC""#)
    }

    @Test func anOverlongLineIsCutAtTheBoundWithAMarker() {
        let path = "/" + String(repeating: "a", count: 9000)
        let small = HTTPParserLimits(maxRequestLineBytes: 300)
        let shown = excerpt(["GET \(path) HTTP/1.1\r\n"], limits: small) ?? ""
        let limit = RequestLineExcerpt.limit
        #expect(shown == "\"GET " + String(path.prefix(limit - 4)) + "\"... (cut at \(limit) bytes)")
        // Also while the line is still arriving, over the request-line limit.
        let arriving = excerpt(["GET " + String(path.prefix(1000))], limits: small) ?? ""
        #expect(arriving.hasSuffix("\"... (cut at \(limit) bytes)"))
    }

    @Test func anEscapedExcerptNeverExceedsFourTimesTheBoundPlusItsFrame() {
        let shown = excerpt([String(repeating: "\u{1}", count: 5000) + "\r\n"]) ?? ""
        #expect(shown.utf8.count <= 4 * RequestLineExcerpt.limit + 40)
        #expect(!shown.utf8.contains { $0 < 0x20 || $0 >= 0x7F })
    }

    @Test func aParsedRequestLeavesNoExcerpt() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
        guard case .request = parser.next() else { Issue.record("not parsed"); return }
        #expect(parser.rejectedRequestLine == nil)
    }
}
