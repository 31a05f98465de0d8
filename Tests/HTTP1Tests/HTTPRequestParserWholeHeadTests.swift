import TestSupport
import Testing
@testable import HTTP1

/// The one-pass reading of a whole head (``HTTPRequestParser/readWholeHead()``) against the
/// line-by-line states it stands in for: every input parsed both ways must give the same
/// requests, the same error (reason and position) and the same rejected request line.
@Suite struct HTTPRequestParserWholeHeadTests {
    /// Requests as apps, browsers, curl, wrk and attackers send them.
    static let requests: [String] = [
        "GET /labels?lang=de HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept-Encoding: gzip\r\nIf-None-Match: \"c79dcb44477b248e-gz\"\r\n\r\n",
        "GET /labels?lang=de HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
        "GET /labels/coins.count?lang=de&count=3 HTTP/1.1\r\nHost: x\r\nAccept: text/plain\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n",
        "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "HEAD /labels?lang=fr HTTP/1.1\r\nHost: [::1]:80\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\n\r\n",
        "GET /labels?lang=de&table=Main&format=json HTTP/1.1\r\nHost: example.com\r\nAccept-Language: de-AT, de;q=0.9\r\nIf-None-Match: W/\"a\", \"b\"\r\nIf-None-Match: \"c\"\r\nConnection: close\r\n\r\n",
        "GET /missing?q=%C3%A9t%C3%A9+x HTTP/1.1\r\nHost: x\r\nCookie: a=b; c=d\r\n\r\n",
        "GET /a%2Fb/c HTTP/1.1\r\nHost: x\r\nX-Empty:\r\nX-Spaces:   v  \t\r\n\r\n",
        "GET /?x HTTP/1.1\r\nHost: x\r\nX-Obs: caf\u{E9}\r\n\r\n",
        "POST /missing HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "POST /m HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: 1\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET http://example.com/labels?lang=de HTTP/1.1\r\nHost: example.com\r\n\r\n",
        "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n",
        "GET /labels?lang=de HTTP/1.1\r\nHost: x\r\n\r\nGET /labels?lang=fr HTTP/1.1\r\nHost: y\r\n\r\n",
        // More fields than one batch of the one pass stores at once (32), one of them not ASCII.
        "GET / HTTP/1.1\r\nHost: x\r\n" + (0..<70).map { "X-\($0): v\($0)\($0 == 50 ? "\u{E9}" : "")\r\n" }.joined() + "\r\n",
        // Each rejected by a rule the one pass must leave to the line states.
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nBad\u{1}: v\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{1}b\r\n\r\n",
        "GET / HTTP/1.1\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\n\r\n",
        "GET /../etc HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a/%2e%2E/b HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/2.0\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.2\r\nHost: x\r\n\r\n",
        "GET / http/1.1\r\nHost: x\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: x\r\n\r\n",
        "GET /a\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n",
        "G\u{1}T / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1, 1\r\n\r\n",
        "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n",
        "GET / HTTP/1.1\r\nHo",
        "GET / HTT",
    ]

    /// Limits small enough that the corpus crosses each of them.
    static let limits: [HTTPParserLimits] = [
        .default,
        HTTPParserLimits(maxRequestLineBytes: 24, maxHeaderBytes: 48, maxHeaderCount: 2, maxBodyBytes: 64),
        HTTPParserLimits(maxMethodBytes: 3, maxRequestLineBytes: 64, maxHeaderBytes: 128, maxHeaderCount: 8, maxBodyBytes: 64),
    ]

    /// Everything `input` gives, fed in `chunks`, with the one pass on or off.
    static func outcome(_ input: [UInt8], chunks: [Int], wholeHeads: Bool, limits: HTTPParserLimits)
        -> (results: [HTTPParseResult], rejected: RequestLineExcerpt?)
    {
        var parser = HTTPRequestParser(limits: limits)
        parser.readsWholeHeads = wholeHeads
        var results: [HTTPParseResult] = []
        var offset = 0
        for size in chunks + [input.count] where offset < input.count {
            let end = min(input.count, offset + size)
            parser.append(input[offset..<end])
            offset = end
            results += drain(&parser)
            if case .error = results.last { break }
        }
        return (results, parser.rejectedRequestLine)
    }

    static func expectSame(_ input: [UInt8], chunks: [Int], limits: HTTPParserLimits,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = outcome(input, chunks: chunks, wholeHeads: true, limits: limits)
        let lines = outcome(input, chunks: chunks, wholeHeads: false, limits: limits)
        #expect(fast.results == lines.results, "\(String(decoding: input, as: UTF8.self).debugDescription) in chunks \(chunks)",
                sourceLocation: sourceLocation)
        #expect(fast.rejected == lines.rejected, sourceLocation: sourceLocation)
    }

    @Test func realRequestsAndEveryRejectionParseAsTheLineStatesParseThem() {
        for limits in Self.limits {
            for request in Self.requests {
                Self.expectSame(Array(request.utf8), chunks: [], limits: limits)
            }
        }
    }

    @Test func theOnePassTakesTheLaunchRequestAndLeavesBodiesToTheLineStates() throws {
        var parser = HTTPRequestParser()
        parser.append(Array(Self.requests[0].utf8))
        let read = parser.readWholeHead()
        let request = try #require(read)
        #expect(request.path == "/labels" && request.query == "lang=de" && request.headers.count == 3)
        #expect(request.headers.first(.ifNoneMatch) == "\"c79dcb44477b248e-gz\"")
        #expect(parser.bufferedByteCount == 0)
        var withBody = HTTPRequestParser()
        withBody.append(Array(Self.requests[10].utf8))
        #expect(withBody.readWholeHead() == nil)
        #expect(withBody.bufferedByteCount == Self.requests[10].utf8.count, "nothing consumed")
    }

    @Test func pipelinedAndSplitInputsParseTheSameBothWays() {
        let joined = Array(Self.requests.prefix(18).joined().utf8)
        var rng = SeededGenerator(seed: 0x0E_BA55)
        for _ in 0..<200 {
            let chunks = (0..<40).map { _ in Int.random(in: 1...96, using: &rng) }
            Self.expectSame(joined, chunks: chunks, limits: .default)
        }
    }

    @Test func mutatedRequestsParseTheSameBothWays() {
        var rng = SeededGenerator(seed: 0x5EED_0F_0E)
        let fuzz = HTTPRequestParserFuzzTests()
        for iteration in 0..<6000 {
            var input = Array(Self.requests.randomElement(using: &rng)!.utf8)
            if Bool.random(using: &rng) { input += Array(Self.requests.randomElement(using: &rng)!.utf8) }
            for _ in 0..<Int.random(in: 1...3, using: &rng) { fuzz.mutate(&input, using: &rng) }
            let chunks = iteration % 3 == 0 ? (0..<8).map { _ in Int.random(in: 1...64, using: &rng) } : []
            Self.expectSame(input, chunks: chunks, limits: Self.limits[iteration % Self.limits.count])
        }
    }

    @Test func recycledFieldStorageServesTheNextRequestWithoutTouchingCopies() throws {
        var parser = HTTPRequestParser()
        parser.append(Array(Self.requests[6].utf8))   // five fields
        guard case .request(var first) = parser.next() else { Issue.record("no request"); return }
        let kept = first.headers
        parser.recycle(&first.headers)
        #expect(first.headers.isEmpty)
        parser.append(Array(Self.requests[1].utf8))
        guard case .request(var second) = parser.next() else { Issue.record("no request"); return }
        #expect(second.headers.fields == [HTTPField(name: "Host", value: "127.0.0.1:8080")])
        #expect(kept.count == 5 && kept.first(.connection) == "close", "a copy still sharing the storage keeps its fields")
        // Recycled with nothing else holding it: the third request's fields are its own too.
        parser.recycle(&second.headers)
        parser.append(Array(Self.requests[2].utf8))
        guard case .request(let third) = parser.next() else { Issue.record("no request"); return }
        #expect(third.headers.fields.map(\.name) == ["Host", "Accept"])
        #expect(third.headers.first(.accept) == "text/plain")
    }
}
