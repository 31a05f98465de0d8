import Testing
import HTTP1

@Suite struct HTTPRequestParserTests {
    @Test func simpleGetIsParsedWithPathQueryAndHeaders() throws {
        let request = try #require(parseOne("GET /labels/a.b?lang=de&arg=1 HTTP/1.1\r\nHost: x\r\nAccept: text/plain\r\n\r\n"))
        #expect(request.method == .get)
        #expect(request.target == "/labels/a.b?lang=de&arg=1")
        #expect(request.path == "/labels/a.b")
        #expect(request.query == "lang=de&arg=1")
        #expect(request.version == .http1_1)
        #expect(request.headers.first(.accept) == "text/plain")
        #expect(request.body.isEmpty)
        #expect(request.keepAlive)
    }

    @Test func bytesFedFromARawBufferParseLikeTheSameBytesFedAsAnArray() {
        let input = bytes("GET /a?b HTTP/1.1\r\nHost: x\r\n\r\nGET /c HTTP/1.1\r\nHost: y\r\nX: \u{E9}\r\n\r\nGET /")
        var viaArray = HTTPRequestParser()
        var viaRaw = HTTPRequestParser()
        var fromArray: [HTTPParseResult] = []
        var fromRaw: [HTTPParseResult] = []
        for chunk in stride(from: 0, to: input.count, by: 7).map({ Array(input[$0..<min($0 + 7, input.count)]) }) {
            viaArray.append(chunk)
            chunk.withUnsafeBytes { viaRaw.append($0) }
            while case let result = viaArray.next(), result != .needMoreData { fromArray.append(result) }
            while case let result = viaRaw.next(), result != .needMoreData { fromRaw.append(result) }
        }
        #expect(fromRaw.count == 2)
        #expect(fromRaw == fromArray)
        #expect(viaRaw.bufferedByteCount == 5)
    }

    @Test func targetWithoutQueryHasNilQueryAndEmptyQueryIsEmptyString() throws {
        #expect(try #require(parseOne("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")).query == nil)
        #expect(try #require(parseOne("GET /a? HTTP/1.1\r\nHost: x\r\n\r\n")).query == "")
    }

    @Test func headerValuesAreTrimmedAndRepeatsKeptInOrder() throws {
        let request = try #require(parseOne("GET / HTTP/1.1\r\nHost: x\r\nX-A: \t one \t\r\nx-a:two\r\nX-Empty:\r\n\r\n"))
        #expect(request.headers.values("X-A") == ["one", "two"])
        #expect(request.headers.first("X-Empty") == "")
        #expect(request.headers.count == 4)
    }

    @Test func contentLengthBodyIsRead() throws {
        let request = try #require(parseOne("POST /missing HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"))
        #expect(request.body == bytes("hello"))
    }

    @Test func bodyNotYetCompleteNeedsMoreData() {
        #expect(parseAll("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhel") == [.needMoreData])
    }

    @Test func contentLengthZeroAndLeadingZerosAreAccepted() throws {
        #expect(try #require(parseOne("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")).body == [])
        #expect(try #require(parseOne("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 002\r\n\r\nab")).body == bytes("ab"))
    }

    @Test func pipelinedRequestsComeOutInOrderWithLeftoverKept() {
        var parser = HTTPRequestParser()
        parser.append(bytes(
            "GET /1 HTTP/1.1\r\nHost: x\r\n\r\n"
            + "POST /2 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
            + "GET /3 HTTP/1.1\r\nHost: x\r\n\r\n"
            + "GET /4 HTTP/1.1\r\nHo"))
        let results = drain(&parser)
        #expect(requests(results).map(\.path) == ["/1", "/2", "/3"])
        #expect(results.last == .needMoreData)
        #expect(parser.progress == .head)
        parser.append(bytes("st: x\r\n\r\n"))
        #expect(requests(drain(&parser)).map(\.path) == ["/4"])
        #expect(parser.progress == .idle)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func http10DefaultsToCloseAndKeepAliveHeaderKeepsItOpen() throws {
        #expect(try #require(parseOne("GET / HTTP/1.0\r\n\r\n")).keepAlive == false)
        #expect(try #require(parseOne("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")).keepAlive)
        #expect(try #require(parseOne("GET / HTTP/1.1\r\nHost: x\r\nConnection: foo, close\r\n\r\n")).keepAlive == false)
        #expect(try #require(parseOne("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n")).keepAlive == false)
    }

    @Test func http10NeedsNoHost() throws {
        #expect(try #require(parseOne("GET / HTTP/1.0\r\n\r\n")).version == .http1_0)
    }

    @Test func leadingEmptyLinesBeforeRequestLineAreIgnored() throws {
        #expect(try #require(parseOne("\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")).path == "/")
    }

    @Test func absoluteFormTargetUsesItsPathAndQuery() throws {
        let r = try #require(parseOne("GET HTTP://example.com:8080/labels/x?lang=fr HTTP/1.1\r\nHost: example.com\r\n\r\n"))
        #expect(r.path == "/labels/x")
        #expect(r.query == "lang=fr")
        #expect(try #require(parseOne("GET http://example.com HTTP/1.1\r\nHost: x\r\n\r\n")).path == "/")
        #expect(try #require(parseOne("GET https://e.com?q HTTP/1.1\r\nHost: x\r\n\r\n")).query == "q")
    }

    @Test func asteriskFormIsOnlyForOptions() throws {
        #expect(try #require(parseOne("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")).path == "*")
        #expect(rejection("GET * HTTP/1.1\r\nHost: x\r\n\r\n") == .asteriskFormNotOptions)
    }

    @Test func unknownMethodTokensAreAcceptedForTheRouterToRefuse() throws {
        #expect(try #require(parseOne("BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n")).method == HTTPMethod("BREW"))
    }

    @Test func everyCommonMethodIsRecognized() throws {
        for m in ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
            #expect(try #require(parseOne("\(m) / HTTP/1.1\r\nHost: x\r\n\r\n")).method.rawValue == m)
        }
    }

    @Test func requestsSplitAtEveryByteBoundaryParseTheSame() {
        let inputs = [
            "GET /a?b=c HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n",
            "POST /m HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nbodyGET /n HTTP/1.0\r\n\r\n",
            "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\nT: v\r\n\r\nGET /z HTTP/1.1\r\nHost: y\r\n\r\n",
        ]
        for input in inputs {
            let all = bytes(input)
            let expected = requests(parseAll(all))
            #expect(!expected.isEmpty)
            for split in 0...all.count {
                var parser = HTTPRequestParser()
                parser.append(all[..<split])
                var got = requests(drain(&parser))
                parser.append(all[split...])
                got += requests(drain(&parser))
                #expect(got == expected, "split at \(split) of \(input.debugDescription)")
            }
            var parser = HTTPRequestParser()
            var got: [HTTPRequest] = []
            for byte in all {
                parser.append([byte])
                got += requests(drain(&parser))
            }
            #expect(got == expected, "byte by byte")
        }
    }

    @Test func progressTracksIdleHeadAndBody() {
        var parser = HTTPRequestParser()
        #expect(parser.progress == .idle)
        _ = parser.parse(bytes("POST / HTTP/1.1\r\n"))
        #expect(parser.progress == .head)
        _ = parser.parse(bytes("Host: x\r\nContent-Length: 2\r\n\r\na"))
        #expect(parser.progress == .body)
        #expect(requests(drain(&parser)).isEmpty)
        let last = parser.parse(bytes("b"))
        #expect(last == .request(HTTPRequest(
            method: .post, target: "/", version: .http1_1,
            headers: ["Host": "x", "Content-Length": "2"], body: bytes("ab"))))
        #expect(parser.progress == .idle)
    }

    @Test func expectContinueIsReportedOnceWhileBodyIsPending() {
        var parser = HTTPRequestParser()
        _ = parser.parse(bytes("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"))
        let first = parser.takeContinueExpectation()
        let second = parser.takeContinueExpectation()
        #expect(first)
        #expect(!second)
        var other = HTTPRequestParser()
        _ = other.parse(bytes("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nab"))
        let complete = other.takeContinueExpectation()
        #expect(!complete, "body already complete")
    }

    @Test func parserStaysDeadAfterAnError() {
        var parser = HTTPRequestParser()
        let first = parser.parse(bytes("GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n"))
        guard case .error(let error) = first else {
            Issue.record("expected an error")
            return
        }
        let again = parser.parse(bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(again == .error(error))
        #expect(parser.progress == .failed)
    }

    @Test func errorsCarryTheStreamOffset() throws {
        let error = try #require(parseError("GET / HTTP/1.1\r\nHost: x\r\nA : b\r\n\r\n"))
        #expect(error.offset == 26)
        var parser = HTTPRequestParser()
        _ = drain(&parser)
        parser.append(bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
        _ = drain(&parser)
        parser.append(bytes("GET / HTTP/1.1\r\nHost: x\r\n\u{1}: y\r\n\r\n"))
        guard case .error(let e) = drain(&parser).last else {
            Issue.record("expected error")
            return
        }
        #expect(e.offset == 27 + 25)
    }
}
