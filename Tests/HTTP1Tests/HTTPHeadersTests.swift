import Testing
@testable import HTTP1

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
}
