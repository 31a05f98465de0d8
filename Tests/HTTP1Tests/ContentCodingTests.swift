import Testing
@testable import HTTP1

@Suite struct ContentCodingTests {
    @Test(arguments: [
        ("gzip", ContentCoding.gzip), ("gzip, deflate, br", .gzip), ("x-gzip", .gzip), ("*", .gzip),
        ("GZIP;q=0.5", .gzip), ("br, *;q=0.1", .gzip),
        (nil, .identity), ("", .identity), ("deflate, br", .identity), ("gzip;q=0", .identity),
        ("gzip;q=0.5, identity", .identity), ("*, gzip;q=0", .identity), ("gzip;q=nonsense", .identity),
        ("identity;q=0, gzip;q=0.1", .gzip), ("gzip;q=1.0001", .identity),
    ] as [(String?, ContentCoding)])
    func negotiationFollowsQValues(header: String?, expected: ContentCoding) {
        #expect(ContentCoding.negotiate(header) == expected)
    }
}

@Suite struct HTTPResponseNegotiationTests {
    let response = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: [1, 2, 3], gzipBody: [9, 9])

    @Test func aGzipClientGetsThePrecompressedBodyWithItsHeaders() {
        let chosen = response.negotiated(acceptEncoding: "gzip, br")
        #expect(chosen.body == [9, 9])
        #expect(chosen.headers.first(name: "Content-Encoding") == "gzip")
        #expect(chosen.headers.first(name: "Vary") == "Accept-Encoding")
        #expect(chosen.gzipBody == nil)
    }

    @Test func anIdentityClientGetsThePlainBodyAndStillAVaryField() {
        let chosen = response.negotiated(acceptEncoding: nil)
        #expect(chosen.body == [1, 2, 3])
        #expect(chosen.headers.first(name: "Content-Encoding") == nil)
        #expect(chosen.headers.first(name: "Vary") == "Accept-Encoding")
    }

    @Test func aResponseWithoutAPrecompressedBodyIsLeftAlone() {
        let plain = HTTPResponse(status: .ok, body: [1])
        #expect(plain.negotiated(acceptEncoding: "gzip") == plain)
    }
}
