import Testing
import HTTP1

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

