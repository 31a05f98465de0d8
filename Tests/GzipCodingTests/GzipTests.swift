import Testing
@testable import GzipCoding

@Suite struct GzipTests {
    @Test func compressedBytesAreAGzipMemberThatRoundTrips() throws {
        let text = Array(String(repeating: #"{"key":"coins.count","value":"3 Münzen"}"#, count: 200).utf8)
        let compressed = try Gzip.compress(text)
        #expect(compressed.prefix(2) == [0x1f, 0x8b])   // RFC 1952 magic
        #expect(compressed.count < text.count / 10)
        #expect(try Gzip.decompress(compressed) == text)
    }

    @Test func emptyInputCompressesToAValidMember() throws {
        let compressed = try Gzip.compress([])
        #expect(try Gzip.decompress(compressed) == [])
    }

    @Test func corruptInputIsAnErrorNotACrash() {
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]) }
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress(Array("not gzip".utf8)) }
    }

    @Test func decompressionStopsAtTheLimit() throws {
        let big = [UInt8](repeating: 0x41, count: 1 << 20)
        let compressed = try Gzip.compress(big)
        #expect(throws: Gzip.Failure(code: bufferError, exceededLimit: true)) { try Gzip.decompress(compressed, limit: 1000) }
        // Exactly the limit is taken; one byte less is refused as over it, not as broken input.
        #expect(try Gzip.decompress(compressed, limit: big.count) == big)
        #expect(throws: Gzip.Failure(code: bufferError, exceededLimit: true)) {
            try Gzip.decompress(compressed, limit: big.count - 1)
        }
        #expect(throws: Gzip.Failure(code: bufferError, exceededLimit: true)) { try Gzip.decompress(compressed, limit: -1) }
    }

    @Test func anyCollectionOfBytesReceivesTheSameOutput() throws {
        let text = Array("Münzen ".utf8) + [UInt8](repeating: 0x41, count: 200_000)
        let compressed = try Gzip.compress(text)
        #expect(Array(try Gzip.decompress(compressed, as: ContiguousArray<UInt8>.self)) == text)
    }

    @Test func inputCutShortIsBrokenNotOverTheLimit() throws {
        let compressed = try Gzip.compress(Array(repeating: 0x41, count: 100_000))
        #expect(throws: Gzip.Failure(code: bufferError, exceededLimit: false)) {
            try Gzip.decompress(Array(compressed.dropLast(8)))
        }
    }

    /// zlib's `Z_BUF_ERROR` (-5), which these tests do not import CZlib for.
    private let bufferError: Int32 = -5
}
