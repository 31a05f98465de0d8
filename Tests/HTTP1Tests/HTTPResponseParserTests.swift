import Testing
import HTTP1

/// The client-side response parser: framing, strictness, limits, split points.
@Suite struct HTTPResponseParserTests {
    func parse(_ text: String, head: Bool = false, limits: HTTPResponseParser.Limits = .init(), end: Bool = true,
               split: Int? = nil) throws(HTTPResponseParseError) -> HTTPReceivedResponse? {
        var parser = HTTPResponseParser(limits: limits, requestWasHead: head)
        let bytes = Array(text.utf8)
        var offset = 0
        let step = split ?? max(1, bytes.count)
        while offset < bytes.count {
            parser.append(bytes[offset..<min(bytes.count, offset + step)])
            offset += step
            if let response = try parser.next() { return response }
        }
        if end { parser.finish() }
        return try parser.next()
    }

    func code(_ text: String, head: Bool = false, limits: HTTPResponseParser.Limits = .init()) -> HTTPResponseParseError.Code? {
        do {
            _ = try parse(text, head: head, limits: limits)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func readsWhatOurEncoderWritesAtEverySplitPoint() throws {
        let response = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json", "Label-Server-Instance": "ab"],
                                    body: Array(#"{"entries":[]}"#.utf8))
        let wire = String(decoding: HTTPResponseEncoder.encode(response, keepAlive: false, date: nil), as: UTF8.self)
        for split in 1...wire.utf8.count {
            let parsed = try #require(try parse(wire, end: false, split: split))
            #expect(parsed.status == .ok)
            #expect(parsed.headers.first("label-server-instance") == "ab")
            #expect(parsed.body == response.body)
        }
    }

    @Test func chunkedBodyWithExtensionsAndTrailersIsJoined() throws {
        let wire = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\nA\r\n0123456789\r\n0\r\nT: 1\r\n\r\n"
        for split in [1, 2, 7, 1000] {
            let parsed = try #require(try parse(wire, end: false, split: split))
            #expect(String(decoding: parsed.body, as: UTF8.self) == "abc0123456789")
        }
    }

    @Test func bodyWithoutFramingEndsAtClose() throws {
        #expect(try parse("HTTP/1.0 200 OK\r\n\r\nuntil close", end: false) == nil)
        let parsed = try #require(try parse("HTTP/1.0 200 OK\r\n\r\nuntil close"))
        #expect(String(decoding: parsed.body, as: UTF8.self) == "until close")
        #expect(parsed.version == .http1_0)
    }

    @Test func headNoContentAndNotModifiedHaveNoBody() throws {
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", head: true, end: false)?.body == [])
        #expect(try parse("HTTP/1.1 204 No Content\r\n\r\n", end: false)?.status.code == 204)
        #expect(try parse("HTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n", end: false)?.body == [])
    }

    @Test func interimResponsesAreSkipped() throws {
        let parsed = try #require(try parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx", end: false))
        #expect(parsed.status.code == 201)
        #expect(code("HTTP/1.1 101 Switching Protocols\r\n\r\n") == .unexpectedStatus)
    }

    @Test func emptyReasonPhraseIsAccepted() throws {
        #expect(try parse("HTTP/1.1 200 \r\nContent-Length: 0\r\n\r\n", end: false)?.status.code == 200)
        #expect(try parse("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n", end: false)?.status.code == 200)
    }

    @Test(arguments: ["HTTP/1.1 20 OK\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n", "HTTP/1.1  200 OK\r\n\r\n",
                      "http/1.1 200 OK\r\n\r\n", "HTTP/1.1 099 Low\r\n\r\n", "HTTP/1.1 200 O\u{1}K\r\n\r\n",
                      "ICY 200 OK\r\n\r\n", "HTTP/1.1 abc OK\r\n\r\n"])
    func malformedStatusLinesAreRefused(line: String) {
        #expect(code(line) == .malformedStatusLine)
    }

    @Test func otherVersionsAreRefused() {
        #expect(code("HTTP/2.0 200 OK\r\n\r\n") == .unsupportedVersion)
        #expect(code("HTTP/1.2 200 OK\r\n\r\n") == .unsupportedVersion)
    }

    @Test func bareLFAndLoneCRAreRefused() {
        #expect(code("HTTP/1.1 200 OK\nContent-Length: 0\n\n") == .malformedHeader)
        #expect(code("HTTP/1.1 200 OK\r\nA: b\rc\r\n\r\n") == .malformedHeader)
    }

    @Test func obsFoldWhitespaceBeforeColonAndControlBytesAreRefused() {
        #expect(code("HTTP/1.1 200 OK\r\nA: b\r\n  folded\r\n\r\n") == .malformedHeader)
        #expect(code("HTTP/1.1 200 OK\r\nA : b\r\n\r\n") == .malformedHeader)
        #expect(code("HTTP/1.1 200 OK\r\nA: b\u{0}c\r\n\r\n") == .malformedHeader)
        #expect(code("HTTP/1.1 200 OK\r\n: b\r\n\r\n") == .malformedHeader)
    }

    @Test func framingConflictsAreRefused() {
        #expect(code("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n") == .badFraming)
        #expect(code("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx") == .badFraming)
        #expect(code("HTTP/1.1 200 OK\r\nContent-Length: 1,1\r\n\r\nx") == .badFraming)
        #expect(code("HTTP/1.1 200 OK\r\nContent-Length: +1\r\n\r\nx") == .badFraming)
        #expect(code("HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\n") == .badFraming)
        #expect(code("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == .unsupportedTransferCoding)
        #expect(code("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n") == .unsupportedTransferCoding)
    }

    @Test func malformedChunksAreRefused() {
        #expect(code("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n") == .malformedChunk)
        #expect(code("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n") == .malformedChunk)
        #expect(code("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3 \r\nabc\r\n0\r\n\r\n") == .malformedChunk)
    }

    @Test func limitsAreEnforcedBeforeTheBytesArrive() {
        let small = HTTPResponseParser.Limits(maxHeaderBytes: 64, maxHeaderCount: 2, maxBodyBytes: 10)
        #expect(code("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", limits: small) == .bodyTooLarge)
        #expect(code("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999999\r\n\r\n", limits: small) == .bodyTooLarge)
        #expect(code("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n", limits: small) == .bodyTooLarge)
        #expect(code("HTTP/1.0 200 OK\r\n\r\n" + String(repeating: "x", count: 11), limits: small) == .bodyTooLarge)
        #expect(code("HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: small) == .headerTooLarge)
        #expect(code("HTTP/1.1 200 OK\r\nA: " + String(repeating: "x", count: 80) + "\r\n\r\n", limits: small) == .headerTooLarge)
    }

    @Test func aStreamEndingEarlyIsTruncated() {
        #expect(code("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab") == .truncated)
        #expect(code("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab") == .truncated)
        #expect(code("HTTP/1.1 200 OK\r\nA: b") == .truncated)
        #expect(code("") == .truncated)
    }

    @Test func errorsAreStickyAndCarryTheOffset() {
        var parser = HTTPResponseParser()
        parser.append(Array("HTTP/1.1 200 OK\r\nA : b\r\n\r\n".utf8))
        #expect(throws: HTTPResponseParseError.self) { try parser.next() }
        do {
            _ = try parser.next()
            Issue.record("expected the same error again")
        } catch {
            #expect(error.code == .malformedHeader)
            #expect(error.offset == 18)
        }
    }

    @Test func requestEncoderRefusesBytesThatWouldBreakFraming() {
        #expect(HTTPRequestEncoder.encode(method: .get, target: "/a b", host: "h") == nil)
        #expect(HTTPRequestEncoder.encode(method: .get, target: "/a", host: "h\r\nX: y") == nil)
        #expect(HTTPRequestEncoder.encode(method: .get, target: "/a", host: "h", headers: ["A": "b\r\nc"]) == nil)
        let wire = HTTPRequestEncoder.encode(method: .delete, target: "/missing?scope=local", host: "10.0.0.2:8080",
                                             headers: ["Authorization": "Bearer t"])
        #expect(wire.map { String(decoding: $0, as: UTF8.self) }
                == "DELETE /missing?scope=local HTTP/1.1\r\nHost: 10.0.0.2:8080\r\nAuthorization: Bearer t\r\nConnection: close\r\n\r\n")
        // And our own request parser reads it back.
        var parser = HTTPRequestParser(limits: .default)
        parser.append(wire!)
        guard case .request(let request) = parser.next() else { Issue.record("not parsed"); return }
        #expect(request.path == "/missing")
        #expect(request.query == "scope=local")
    }
}
