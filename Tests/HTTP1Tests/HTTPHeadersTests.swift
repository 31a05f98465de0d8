import Testing
import HTTP1

@Suite struct HTTPHeadersTests {
    @Test func lookupIsCaseInsensitiveAndKeepsRepeatsInOrder() {
        var h: HTTPHeaders = ["Accept": "a", "X": "1"]
        h.add(name: "accept", value: "b")
        #expect(h["ACCEPT"] == "a")
        #expect(h.values(for: "Accept") == ["a", "b"])
        #expect(h.fields.map(\.name) == ["Accept", "X", "accept"])
    }

    @Test func replaceOrAddAndRemoveAffectEveryRepeat() {
        var h: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]
        h.replaceOrAdd(name: "A", value: "9")
        #expect(h.values(for: "a") == ["9"])
        h.remove(name: "b")
        #expect(h.count == 1)
    }

    @Test func listValuesSplitOnCommasAcrossFields() {
        let h: HTTPHeaders = ["Connection": " keep-alive ,, Upgrade", "connection": "close"]
        #expect(h.listValues(for: "Connection") == ["keep-alive", "Upgrade", "close"])
        #expect(h.containsToken("upgrade", in: "connection"))
        #expect(!h.containsToken("keep", in: "connection"))
    }

    @Test func parsedFieldsEqualTheSameFieldsBuiltFromStrings() throws {
        let request = try #require(parseOne("GET / HTTP/1.1\r\nHost: a\r\nX-Long: \(String(repeating: "v", count: 40))\r\nx-e: \r\n\r\n"))
        let built: HTTPHeaders = ["Host": "a", "X-Long": String(repeating: "v", count: 40), "x-e": ""]
        #expect(request.headers == built)
        #expect(request.headers.fields == built.fields)
        #expect(request.headers["x-long"]?.count == 40)
    }

    @Test func aValueThatIsNotUTF8IsKeptDecodedLossily() throws {
        let results = parseAll(bytes("GET / HTTP/1.1\r\nHost: a\r\nX: a") + [0xFF, 0xC3] + bytes("b\r\n\r\n"))
        guard case .request(let request) = results.first else { Issue.record("no request: \(results)"); return }
        #expect(request.headers["X"] == "a\u{FFFD}\u{FFFD}b")
        #expect(request.headers == ["Host": "a", "X": "a\u{FFFD}\u{FFFD}b"])
    }

    @Test func tokensAreFoundInListsWithWhitespaceAndCaseButNotAsPrefixes() {
        let h: HTTPHeaders = ["Connection": "\tKeep-Alive\t,  ,close ", "Expect": "100-continuex"]
        #expect(h.containsToken("keep-alive", in: "connection"))
        #expect(h.containsToken("CLOSE", in: "Connection"))
        #expect(!h.containsToken("", in: "Connection"))
        #expect(!h.containsToken("100-continue", in: "Expect"))
        #expect(!h.containsToken("close", in: "Missing"))
        // A combining mark after the comma joins it into one Character: no split there, as before.
        let marked: HTTPHeaders = ["Connection": "keep-alive,\u{301}close"]
        #expect(!marked.containsToken("close", in: "Connection"))
        #expect(marked.containsToken("KEEP-ALIVE,\u{301}CLOSE", in: "Connection"))
    }

    @Test func responseFieldsAreEncodedInOrderWithFramingFieldsDropped() {
        var h: HTTPHeaders = ["Content-Type": "text/plain", "content-length": "99", "X": "a\u{1}b"]
        h.add(name: "Bad Name", value: "x")
        h.add(name: "DATE", value: "never")
        let bytes = HTTPResponseEncoder.encode(HTTPResponse(status: .ok, headers: h, body: Array("hi".utf8)), keepAlive: true, date: nil)
        #expect(String(decoding: bytes, as: UTF8.self) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX: a b\r\nContent-Length: 2\r\n\r\nhi")
    }

    @Test func statusesKnowWhenContentIsForbidden() {
        #expect(HTTPStatus.noContent.forbidsContent)
        #expect(HTTPStatus.notModified.forbidsContent)
        #expect(HTTPStatus(code: 103).forbidsContent)
        #expect(!HTTPStatus.ok.forbidsContent)
        #expect(HTTPStatus(code: 431).reasonPhrase == "Request Header Fields Too Large")
    }

    @Test func requestInitSplitsTargetIntoPathAndQuery() {
        let r = HTTPRequest(method: .get, target: "/a?b=c")
        #expect(r.path == "/a" && r.query == "b=c")
    }

    @Test func aLookupByALiteralNameReadsWhatTheLookupByAStringReads() {
        let headers: HTTPHeaders = ["accept-encoding": "gzip", "If-None-Match": "\"a\"", "ACCEPT-ENCODING": "br",
                                    "Accept-Encodings": "x", "Accept-Encodin": "y", "": "z", "If-None-Match": ""]
        func read(_ lookup: ((UnsafeBufferPointer<UInt8>) -> Bool) -> Void) -> [String] {
            var values: [String] = []
            lookup { values.append(String(decoding: $0, as: UTF8.self)); return true }
            return values
        }
        #expect(read { headers.forEach(literal: "Accept-Encoding", $0) } == ["gzip", "br"])
        #expect(read { headers.forEach(literal: "Accept-Encoding", $0) } == read { headers.forEach(named: "Accept-Encoding", $0) })
        #expect(read { headers.forEach(literal: "If-None-Match", $0) } == read { headers.forEach(named: "if-none-match", $0) })
        #expect(read { headers.forEach(literal: "Accept", $0) }.isEmpty)
        var first: [String] = []
        headers.forEach(literal: "accept-encoding") { first.append(String(decoding: $0, as: UTF8.self)); return false }
        #expect(first == ["gzip"])
    }
}
