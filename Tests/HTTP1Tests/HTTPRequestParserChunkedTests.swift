import Testing
import HTTP1

@Suite struct HTTPRequestParserChunkedTests {
    let head = "POST /missing HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

    @Test func chunksAreDecodedAndConcatenated() {
        #expect(parseOne(head + "5\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\n\r\n")?.body == bytes("hello 0123456789"))
    }

    @Test func hexSizesAreCaseInsensitive() {
        let body = String(repeating: "z", count: 26)
        #expect(parseOne(head + "1a\r\n\(body)\r\n0\r\n\r\n")?.body.count == 26)
        #expect(parseOne(head + "1A\r\n\(body)\r\n0\r\n\r\n")?.body.count == 26)
    }

    @Test func chunkExtensionsAreIgnored() {
        #expect(parseOne(head + "3;name=value;flag\r\nabc\r\n0;last\r\n\r\n")?.body == bytes("abc"))
        #expect(parseOne(head + "3 ; a=\"q\"\r\nabc\r\n0\r\n\r\n")?.body == bytes("abc"))
    }

    @Test func trailersAreParsedAndDropped() throws {
        let r = try #require(parseOne(head + "3\r\nabc\r\n0\r\nX-Checksum: 1\r\nX-Other: 2\r\n\r\n"))
        #expect(r.body == bytes("abc"))
        #expect(!r.headers.contains("X-Checksum"))
    }

    @Test func invalidTrailersAre400() {
        #expect(rejection(head + "0\r\nBad Trailer: 1\r\n\r\n") == .whitespaceBeforeColon)
        #expect(rejection(head + "0\r\n folded\r\n\r\n") == .obsoleteLineFolding)
    }

    @Test func emptyChunkedBodyIsAccepted() {
        #expect(parseOne(head + "0\r\n\r\n")?.body == [])
    }

    @Test(arguments: ["", "x", "-1", " 1", "1 x", "0x1", "1\u{0}"])
    func invalidChunkSizeLinesAre400(line: String) {
        #expect(rejection(head + "\(line)\r\na\r\n0\r\n\r\n") == .invalidChunkSize)
    }

    @Test func whitespaceAfterAChunkSizeWithoutExtensionIs400() {
        #expect(rejection(head + "1 \r\na\r\n0\r\n\r\n") == .whitespaceAfterChunkSize)
    }

    @Test func chunkDataNotFollowedByCRLFIs400() {
        #expect(rejection(head + "3\r\nabcd\r\n0\r\n\r\n") == .chunkDataNotFollowedByCRLF)
        #expect(rejection(head + "3\r\nabc\rx0\r\n\r\n") == .chunkDataNotFollowedByCRLF)
        #expect(rejection(head + "3\r\nabc\n0\r\n\r\n") == .chunkDataNotFollowedByCRLF)
    }

    @Test func chunkDataMissingItsTerminatorFailsAsSoonAsTheWrongByteArrives() {
        #expect(rejection(head + "3\r\nabcX") == .chunkDataNotFollowedByCRLF)
        #expect(parseAll(head + "3\r\nabc\r") == [.needMoreData])
    }

    @Test func incompleteChunkedBodyNeedsMoreData() {
        #expect(parseAll(head + "5\r\nhel") == [.needMoreData])
        #expect(parseAll(head + "5\r\nhello\r\n0\r\n") == [.needMoreData])
    }

    @Test func requestAfterChunkedBodyIsParsed() {
        let results = parseAll(head + "1\r\na\r\n0\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(requests(results).map(\.path) == ["/missing", "/next"])
    }

    @Test func chunkedDataMayContainCRLFBytes() {
        #expect(parseOne(head + "4\r\n\r\n\r\n\r\n0\r\n\r\n")?.body == bytes("\r\n\r\n"))
    }
}
