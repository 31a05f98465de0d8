import Testing
import HTTP1
import TestSupport

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

    /// The in-place reading of parameter-free lists gives what the general reading gives,
    /// over lists of codings in any case, spacing, empty elements and lengths past 32.
    @Test func theInPlaceReadingIsTheGeneralOne() {
        var generator = SeededGenerator(seed: 27)
        let pieces = ["gzip", "GZip", "x-gzip", "X-GZIP", "*", "identity", "br", "deflate", "zstd", "", " ", "\t", "gzipx", "gzi",
                      "gzip;q=0", "*;q=0.5", "identity;q=0", "é"]
        var checked = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let elements = (0..<count).map { _ in
                let piece = pieces.randomElement(using: &generator)!
                return Bool.random(using: &generator) ? " \(piece) " : piece
            }
            let separator = Bool.random(using: &generator) ? "," : ", "
            let value = elements.joined(separator: separator)
            var bytes = value
            let inPlace = bytes.withUTF8 { ContentCoding.negotiate(bytes: $0) }
            #expect(inPlace == (value.isEmpty ? .identity : ContentCoding.general(value)), "\(value)")
            checked += 1
        }
        #expect(checked == 20_000)
    }
}
