import Testing
import HTTP1

@Suite struct HTTPHeadersTests {
    @Test func lookupIsCaseInsensitiveAndKeepsRepeatsInOrder() {
        var h: HTTPHeaders = ["Accept": "a", "X": "1"]
        h.add("accept", value: "b")
        #expect(h.first("ACCEPT") == "a")
        #expect(h.values(.accept) == ["a", "b"])
        #expect(h.fields.map(\.name) == ["Accept", "X", "accept"])
    }

    @Test func replaceOrAddAndRemoveAffectEveryRepeat() {
        var h: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]
        h.replaceOrAdd("A", value: "9")
        #expect(h.values("a") == ["9"])
        h.remove("b")
        #expect(h.count == 1)
    }

    @Test func listValuesSplitOnCommasAcrossFields() {
        let h: HTTPHeaders = ["Connection": " keep-alive ,, Upgrade", "connection": "close"]
        #expect(h.listValues(.connection) == ["keep-alive", "Upgrade", "close"])
        #expect(h.containsToken("upgrade", in: .connection))
        #expect(!h.containsToken("keep", in: .connection))
    }

    @Test func parsedFieldsEqualTheSameFieldsBuiltFromStrings() throws {
        let request = try #require(parseOne("GET / HTTP/1.1\r\nHost: a\r\nX-Long: \(String(repeating: "v", count: 40))\r\nx-e: \r\n\r\n"))
        let built: HTTPHeaders = ["Host": "a", "X-Long": String(repeating: "v", count: 40), "x-e": ""]
        #expect(request.headers == built)
        #expect(request.headers.fields == built.fields)
        #expect(request.headers.first("x-long")?.count == 40)
    }

    @Test func aValueThatIsNotUTF8IsKeptDecodedLossily() throws {
        let results = parseAll(bytes("GET / HTTP/1.1\r\nHost: a\r\nX: a") + [0xFF, 0xC3] + bytes("b\r\n\r\n"))
        guard case .request(let request) = results.first else { Issue.record("no request: \(results)"); return }
        #expect(request.headers.first("X") == "a\u{FFFD}\u{FFFD}b")
        #expect(request.headers == ["Host": "a", "X": "a\u{FFFD}\u{FFFD}b"])
    }

    @Test func tokensAreFoundInListsWithWhitespaceAndCaseButNotAsPrefixes() {
        let h: HTTPHeaders = ["Connection": "\tKeep-Alive\t,  ,close ", "Expect": "100-continuex"]
        #expect(h.containsToken("keep-alive", in: .connection))
        #expect(h.containsToken("CLOSE", in: .connection))
        #expect(!h.containsToken("", in: .connection))
        #expect(!h.containsToken("100-continue", in: .expect))
        #expect(!h.containsToken("close", in: "Missing"))
        // A combining mark after the comma joins it into one Character: no split there, as before.
        let marked: HTTPHeaders = ["Connection": "keep-alive,\u{301}close"]
        #expect(!marked.containsToken("close", in: .connection))
        #expect(marked.containsToken("KEEP-ALIVE,\u{301}CLOSE", in: .connection))
    }

    @Test func responseFieldsAreEncodedInOrderWithFramingFieldsDropped() {
        var h: HTTPHeaders = ["Content-Type": "text/plain", "content-length": "99", "X": "a\u{1}b"]
        h.add("Bad Name", value: "x")
        h.add("DATE", value: "never")
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

    @Test func aKnownNameALiteralAndARunTimeNameFindTheSameFields() {
        let headers: HTTPHeaders = ["accept-encoding": "gzip", "If-None-Match": "\"a\"", "ACCEPT-ENCODING": "br",
                                    "Accept-Encodings": "x", "Accept-Encodin": "y", "": "z", "If-None-Match": ""]
        func read(_ name: HTTPField.Name) -> [String] {
            var values: [String] = []
            headers.forEachValue(of: name) { values.append(String(decoding: $0, as: UTF8.self)); return true }
            return values
        }
        #expect(read(.acceptEncoding) == ["gzip", "br"])
        #expect(read("Accept-Encoding") == read(.acceptEncoding))
        #expect(read("aCCept-encoding") == read(.acceptEncoding))
        #expect(read("if-none-match") == read(.ifNoneMatch))
        #expect(read(.ifNoneMatch) == ["\"a\"", ""])
        #expect(read(.accept).isEmpty)
        #expect(headers.values(.acceptEncoding) == read(.acceptEncoding))
        var first: [String] = []
        headers.forEachValue(of: "accept-encoding") { first.append(String(decoding: $0, as: UTF8.self)); return false }
        #expect(first == ["gzip"])
    }

    /// Every known name's lower-cased bytes are its spelling lower-cased: a field sent in
    /// any case is found by it, and a field added by it is sent as spelled.
    @Test func everyKnownNameFindsItsFieldInAnyCaseAndIsSentAsSpelled() {
        let known: [HTTPField.Name] = [
            .accept, .acceptEncoding, .acceptLanguage, .allow, .authorization, .cacheControl, .connection,
            .contentEncoding, .contentLanguage, .contentLength, .contentSecurityPolicy, .contentType, .date, .eTag,
            .expect, .host, .ifNoneMatch, .link, .referrerPolicy, .retryAfter, .transferEncoding, .vary, .wwwAuthenticate,
        ]
        for name in known {
            let spelling = name.description
            for sent in [spelling, spelling.uppercased(), spelling.lowercased()] {
                let field = HTTPField(name: sent, value: "v")
                let headers = HTTPHeaders([field])
                #expect(headers.first(name) == "v", "\(sent)")
                #expect(field.hasName(name))
                #expect(field == HTTPField(name: name, value: "v") && field.hashValue == HTTPField(name: name, value: "v").hashValue)
            }
            var added = HTTPHeaders()
            added.add(name, value: "v")
            #expect(added.fields.map(\.name) == [spelling])
        }
        #expect(Set(known).count == known.count)
        #expect(HTTPField.Name("X-A") != "X-B" && HTTPField.Name("x-a") == "X-A")
        #expect(HTTPField.Name("x-a").hashValue == HTTPField.Name("X-A").hashValue)
    }
}
