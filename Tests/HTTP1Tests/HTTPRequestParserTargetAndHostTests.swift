import Testing
import HTTP1

/// `Host` values (RFC 9112 §3.2, RFC 3986 §3.2.2), dot-segments and target characters:
/// each rejection carries its own error code.
@Suite struct HTTPRequestParserTargetAndHostTests {
    static func request(host: String) -> String { "GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n" }

    @Test(arguments: ["a b", "a/b", "a@b", "a, b", "a:b", "a:80:81", "user@host:80", "[::1", "[::1]x", "[::1]:8a",
                      "[1:2:3:4:5:6:7:8:9]", "[1::2::3]", "[::g]", "[127.0.0.1]", "[::1.2.3.256]", "a\u{7F}b",
                      "ex%ample.com", "%zz", "a\\b", "a\"b", "a{b", "a|b"])
    func anInvalidHostIs400WithItsCode(host: String) throws {
        let error = try #require(parseError(Self.request(host: host)))
        // DEL is refused as a control byte before the Host rule sees it.
        #expect(error.reason == (host == "a\u{7F}b" ? .controlCharacterInFieldValue : .invalidHost), "\(host): \(error)")
        #expect(error.status == .badRequest)
    }

    @Test(arguments: ["", "example.com", "example.com:8080", "example.com:", "127.0.0.1", "127.0.0.1:80", "[::1]",
                      "[::1]:8080", "[2001:db8::7]", "[::ffff:192.0.2.1]", "[1:2:3:4:5:6:7:8]", "[fe80::1]:443",
                      "[v1.fe80::a+en1]", "xn--bcher-kva.example", "my_host", "a,b", "a%20b", "LOCALHOST"])
    func aValidHostIsAccepted(host: String) {
        #expect(parseOne(Self.request(host: host)) != nil, "\(host)")
    }

    @Test(arguments: ["/labels/../../etc", "/labels/..", "/labels/.", "/./labels", "/labels/a/../b",
                      "/labels/%2e%2e", "/labels/%2E%2E/x", "/labels/.%2e", "/labels/%2e", "/labels/%2e./x",
                      "http://example.com/labels/../x", "/labels/..?lang=de"])
    func aDotSegmentInThePathIs400(target: String) throws {
        let error = try #require(parseError("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(error.reason == .dotSegment, "\(target): \(error)")
    }

    @Test(arguments: ["/labels/..%2fetc", "/labels/...", "/labels/.hidden", "/labels/a.b", "/labels/a..",
                      "/labels/%2e%2e%2e", "/labels/x?path=../..", "/labels/%2ex", "//labels"])
    func dotsThatAreNotASegmentStayInThePath(target: String) throws {
        let request = try #require(parseOne("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n"), "\(target)")
        #expect(request.target == target)
    }

    @Test(arguments: ["\"", "<", ">", "\\", "^", "`", "{", "|", "}"])
    func aCharacterRFC3986DisallowsInTheTargetIs400(character: String) throws {
        let error = try #require(parseError("GET /labels/a\(character)b HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(error.reason == .characterNotAllowedInTarget)
        let inQuery = try #require(parseError("GET /labels/a?lang=\(character) HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(inQuery.reason == .characterNotAllowedInTarget)
    }

    @Test func aRawSpaceInTheTargetIs400() throws {
        // The space ends the target: what follows is read as the version.
        #expect(rejection("GET /labels/a b HTTP/1.1\r\nHost: x\r\n\r\n") == .malformedVersion)
    }

    @Test func reservedAndPercentEncodedCharactersAreAllowed() throws {
        let target = "/labels/a!$&'()*+,;=:@-._~%7C%22?x=1/2?&y=%5E"
        let request = try #require(parseOne("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(request.target == target)
    }

    @Test(arguments: ["/", "/a?", "/a??b", "/a?b?c", "/?x", "*", "http://example.com", "http://example.com?q=1",
                      "HTTPS://example.com:8443/p/q?r=s", "http://h/p?"])
    func theTargetIsAsSentWhateverItsFormAndEqualsTheSameRequestBuiltFromIt(target: String) throws {
        // Origin-form and `*` targets are rebuilt from path and query, absolute-form ones kept.
        let method = target == "*" ? "OPTIONS" : "GET"
        let request = try #require(parseOne("\(method) \(target) HTTP/1.1\r\nHost: x\r\n\r\n"), "\(target)")
        #expect(request.target == target)
        var built = HTTPRequest(method: request.method, target: target, path: request.path, query: request.query,
                                headers: ["Host": "x"])
        #expect(built == request)
        #expect(built.hashValue == request.hashValue)
        built.target = "/other"
        #expect(built != request)
        #expect(built.path == request.path)
    }

    @Test func anEmptyQueryIsNotAMissingOneWhetherParsedOrSet() throws {
        let empty = try #require(parseOne("GET /a? HTTP/1.1\r\nHost: x\r\n\r\n"))
        let none = try #require(parseOne("GET /a HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(empty.query == "")
        #expect(none.query == nil)
        #expect(empty != none)
        var changed = empty
        changed.query = nil
        #expect(changed == none)
        #expect(changed.target == "/a")
        changed.query = "b=1"
        #expect(changed.target == "/a?b=1")
        changed.query = ""
        #expect(changed == empty)
        #expect(changed.hashValue == empty.hashValue)
    }
}
