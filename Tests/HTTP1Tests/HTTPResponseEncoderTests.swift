import Testing
import HTTP1

@Suite struct HTTPResponseEncoderTests {
    let date = bytes("Sun, 06 Nov 1994 08:49:37 GMT")

    func text(_ response: HTTPResponse, method: HTTPMethod = .get, version: HTTPVersion = .http1_1, keepAlive: Bool = true, date: [UInt8]? = nil) -> String {
        String(decoding: HTTPResponseEncoder.encode(response, requestMethod: method, requestVersion: version, keepAlive: keepAlive, date: date), as: UTF8.self)
    }

    @Test func okResponseHasStatusLineDateHeadersLengthAndBody() {
        let r = HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: bytes("hi"))
        #expect(text(r, date: date) == "HTTP/1.1 200 OK\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi")
    }

    @Test func headKeepsGetContentLengthButOmitsBody() {
        let r = HTTPResponse(status: .ok, body: bytes("hello"))
        #expect(text(r, method: .head) == "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n")
    }

    @Test func noContentNotModifiedAndInformationalHaveNoLengthOrBody() {
        for status in [HTTPStatus.noContent, .notModified, .continue] {
            let r = HTTPResponse(status: status, headers: ["ETag": "\"x\""], body: bytes("ignored"))
            #expect(text(r) == "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\nETag: \"x\"\r\n\r\n")
        }
    }

    @Test func closingAddsConnectionClose() {
        #expect(text(HTTPResponse(status: .notFound), keepAlive: false) == "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    @Test func http10KeepAliveAddsConnectionKeepAlive() {
        #expect(text(HTTPResponse(status: .ok), version: .http1_0) == "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n")
        #expect(text(HTTPResponse(status: .ok), version: .http1_0, keepAlive: false).hasSuffix("Connection: close\r\n\r\n"))
    }

    @Test func framingHeadersFromTheHandlerAreIgnored() {
        let r = HTTPResponse(status: .ok, headers: ["content-length": "99", "Transfer-Encoding": "chunked", "CONNECTION": "upgrade", "date": "x", "X": "y"], body: bytes("ab"))
        #expect(text(r) == "HTTP/1.1 200 OK\r\nX: y\r\nContent-Length: 2\r\n\r\nab")
    }

    @Test func headerInjectionIsNeutralized() {
        let r = HTTPResponse(status: .ok, headers: ["Content-Language": "de\r\nSet-Cookie: a=b", "Bad Name": "v", "": "v"])
        #expect(text(r) == "HTTP/1.1 200 OK\r\nContent-Language: de  Set-Cookie: a=b\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func customReasonPhraseAndUnknownCodesEncode() {
        #expect(text(HTTPResponse(status: HTTPStatus(code: 299, reasonPhrase: "Fine"))).hasPrefix("HTTP/1.1 299 Fine\r\n"))
        #expect(text(HTTPResponse(status: HTTPStatus(code: 599))).hasPrefix("HTTP/1.1 599 \r\n"))
    }

    @Test func largeContentLengthIsWrittenInDecimal() {
        let body = [UInt8](repeating: 1, count: 1_234_567)
        let out = HTTPResponseEncoder.encode(HTTPResponse(status: .ok, body: body), keepAlive: true, date: nil)
        #expect(String(decoding: out.prefix(45), as: UTF8.self).contains("Content-Length: 1234567\r\n"))
        #expect(out.count == "HTTP/1.1 200 OK\r\nContent-Length: 1234567\r\n\r\n".utf8.count + body.count)
    }

    @Test func responsesAppendForPipelinedBatches() {
        var out: [UInt8] = []
        HTTPResponseEncoder.encode(HTTPResponse(status: .ok, body: bytes("a")), into: &out, keepAlive: true, date: nil)
        HTTPResponseEncoder.encode(HTTPResponse(status: .ok, body: bytes("b")), into: &out, keepAlive: false, date: nil)
        #expect(String(decoding: out, as: UTF8.self) == "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\naHTTP/1.1 200 OK\r\nContent-Length: 1\r\nConnection: close\r\n\r\nb")
    }

    @Test func continueResponseIsTheInterim100() {
        #expect(String(decoding: HTTPResponseEncoder.continueResponse, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
    }

    @Test func encodedResponseRoundTripsThroughLengthFraming() {
        // The encoder and parser agree on framing: Content-Length covers exactly the body.
        let out = HTTPResponseEncoder.encode(HTTPResponse(status: .ok, headers: ["A": "b"], body: bytes("xyz")), keepAlive: true, date: date)
        let text = String(decoding: out, as: UTF8.self)
        let parts = text.split(separator: "\r\n\r\n", maxSplits: 1)
        #expect(parts.count == 2 && parts[1] == "xyz")
    }

    @Test func fieldsCheckedWhenAddedAreWrittenAsAddedAndValuesKeepTheirControlBytes() {
        // Clean fields are copied as stored; a dirty one takes the sanitizing path; the
        // stored value itself is unchanged by how it will be encoded.
        var h: HTTPHeaders = ["A": "1", "B": "x\u{7F}y"]
        h.add("C", value: "tab\tok, caf\u{E9}")
        #expect(h.first("b") == "x\u{7F}y")
        #expect(text(HTTPResponse(status: .ok, headers: h)) == "HTTP/1.1 200 OK\r\nA: 1\r\nB: x y\r\nC: tab\tok, caf\u{E9}\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func parsedRequestFieldsEncodeLikeTheSameFieldsBuiltFromStrings() throws {
        let request = try #require(parseOne("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nDate: d\r\nX-Y: \tv w\r\nConnection: keep-alive\r\n\r\n"))
        let built: HTTPHeaders = ["Host": "a", "Content-Length": "0", "Date": "d", "X-Y": "v w", "Connection": "keep-alive"]
        #expect(text(HTTPResponse(status: .ok, headers: request.headers)) == text(HTTPResponse(status: .ok, headers: built)))
        #expect(text(HTTPResponse(status: .ok, headers: request.headers)) == "HTTP/1.1 200 OK\r\nHost: a\r\nX-Y: v w\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func manyAndLongFieldsAreAllWrittenInOrder() {
        // Past the first 256 bytes of field storage and past a stack-sized scratch buffer.
        var h = HTTPHeaders()
        var expected = "HTTP/1.1 204 No Content\r\n"
        for index in 0..<200 {
            let value = String(repeating: "v", count: index * 7)
            h.add(HTTPField(name: "X-\(index)", value: value))
            expected += "X-\(index): \(value)\r\n"
        }
        #expect(h.count == 200)
        #expect(h.first("x-199")?.count == 199 * 7)
        #expect(text(HTTPResponse(status: .noContent, headers: h)) == expected + "\r\n")
    }

    @Test func statusLinesOfEveryWidthAndADirtyReasonAreBoundedAndSanitized() {
        let r = HTTPResponse(status: HTTPStatus(code: 1_000_000, reasonPhrase: "A\r\nB"), body: bytes("z"))
        #expect(text(r, keepAlive: false, date: date) == "HTTP/1.1 999 A  B\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 1\r\nConnection: close\r\n\r\nz")
        #expect(text(HTTPResponse(status: HTTPStatus(code: 7, reasonPhrase: "")), version: .http1_0).hasPrefix("HTTP/1.1 100 \r\n"))
    }
}
