import RedisClient
import TestSupport
import Testing

/// ``RESPParser``: every RESP2 reply type, any split of the stream, limits, hostile input.
@Suite struct RESPParserTests {
    /// Every reply in `text`, parsed from one feed.
    private func parseAll(_ bytes: [UInt8], limits: RESPParser.Limits = .init()) throws(RESPParseError) -> [RESPValue] {
        var parser = RESPParser(limits: limits)
        parser.append(bytes)
        var values: [RESPValue] = []
        while let value = try parser.next() { values.append(value) }
        return values
    }

    private func error(_ text: String, limits: RESPParser.Limits = .init()) -> RESPParseError? {
        #expect(throws: RESPParseError.self) { try parseAll(Array(text.utf8), limits: limits) }
    }

    static let sample = Array(("+OK\r\n-ERR unknown command 'x'\r\n:42\r\n:-9223372036854775808\r\n$5\r\nhe\0lo\r\n$0\r\n\r\n$-1\r\n"
        + "*-1\r\n*0\r\n*3\r\n:1\r\n*2\r\n$1\r\na\r\n$-1\r\n+x\r\n$9\r\nM\u{FC}rren\r\n\r\n").utf8)

    static let sampleValues: [RESPValue] = [
        .simple("OK"), .error("ERR unknown command 'x'"), .integer(42), .integer(.min), .bulk(Array("he\0lo".utf8)), .bulk([]),
        .bulk(nil), .array(nil), .array([]), .array([.integer(1), .array([.bulk([0x61]), .bulk(nil)]), .simple("x")]),
        .bulk(Array("Mürren\r\n".utf8)),
    ]

    @Test("every RESP2 reply type: simple, error, integer, bulk (empty, null, binary, CRLF inside), array (empty, null, nested)")
    func everyType() throws {
        #expect(try parseAll(Self.sample) == Self.sampleValues)
    }

    @Test("the sample stream split at every byte gives the same replies")
    func everySplitPoint() throws {
        for split in 0...Self.sample.count {
            var parser = RESPParser()
            var values: [RESPValue] = []
            parser.append(Array(Self.sample[..<split]))
            while let value = try parser.next() { values.append(value) }
            parser.append(Array(Self.sample[split...]))
            while let value = try parser.next() { values.append(value) }
            #expect(values == Self.sampleValues, "split at \(split)")
            #expect(!parser.isMidReply)
        }
    }

    @Test("the sample stream fed one byte at a time gives the same replies")
    func byteByByte() throws {
        var parser = RESPParser()
        var values: [RESPValue] = []
        for byte in Self.sample {
            parser.append([byte])
            while let value = try parser.next() { values.append(value) }
        }
        #expect(values == Self.sampleValues)
    }

    @Test("an incomplete reply is nil, not an error")
    func incomplete() throws {
        for text in ["+OK", "+OK\r", "$5\r\nhel", "$5\r\nhello\r", "*2\r\n:1\r\n", ":12"] {
            var parser = RESPParser()
            parser.append(Array(text.utf8))
            #expect(try parser.next() == nil, "\(text)")
            #expect(parser.isMidReply)
        }
    }

    @Test("RESP3 types are refused with their own code (HELLO 3 is never sent)")
    func resp3Refused() {
        for text in ["%1\r\n", "_\r\n", ",1.5\r\n", "#t\r\n", "~0\r\n", ">2\r\n", "=3\r\ntxt\r\n", "(1\r\n", "|1\r\n", "!3\r\nerr\r\n"] {
            let error = error(text)
            #expect(error?.code == "resp3-type", "\(text)")
            #expect(error?.offset == 0)
        }
    }

    @Test("garbage is refused at the byte where it is, with a stable code")
    func garbage() {
        #expect(error("HTTP/1.1 200 OK\r\n")?.code == "unknown-type")
        #expect(error("+OK\r\nxyz")?.offset == 5)
        #expect(error("+OK\nx")?.code == "bad-line-ending")
        #expect(error("+OK\rx\r\n")?.code == "bad-line-ending")
        #expect(error(":12a\r\n")?.code == "bad-integer")
        #expect(error(":\r\n")?.code == "bad-integer")
        #expect(error(":9223372036854775808\r\n")?.code == "bad-integer")
        #expect(error(":99999999999999999999999\r\n")?.code == "bad-integer")
        #expect(error("$-2\r\n")?.code == "bad-length")
        #expect(error("$+1\r\nx\r\n")?.code == "bad-length")
        #expect(error("$\r\n")?.code == "bad-length")
        #expect(error("*-0\r\n")?.code == "bad-length")
        #expect(error("*1x\r\n")?.offset == 1)
        let terminator = error("$3\r\nabcde\r\n")
        #expect(terminator?.code == "bad-bulk-terminator")
        #expect(terminator?.offset == 7)
    }

    @Test("limits: a bulk string or array is refused from its header, before any of it arrives")
    func sizeLimits() {
        let limits = RESPParser.Limits(maxBulkLength: 100, maxArrayCount: 10)
        #expect(error("$101\r\n", limits: limits)?.code == "bulk-too-large")
        #expect(error("$1073741824\r\n")?.code == "bulk-too-large")
        #expect(error("$999999999999999999\r\n")?.code == "bulk-too-large")
        #expect(error("$9999999999999999999\r\n")?.code == "bad-length")
        #expect(error("*11\r\n", limits: limits)?.code == "array-too-large")
        #expect(error("*4294967296\r\n")?.code == "array-too-large")
        #expect((try? parseAll(Array("$100\r\n\(String(repeating: "x", count: 100))\r\n".utf8), limits: limits))?.count == 1)
    }

    @Test("limits: nesting depth, line length and the cost of one reply")
    func structureLimits() {
        let depth = RESPParser.Limits(maxDepth: 3)
        #expect((try? parseAll(Array("*1\r\n*1\r\n*1\r\n:1\r\n".utf8), limits: depth)) == [.array([.array([.array([.integer(1)])])])])
        #expect(error("*1\r\n*1\r\n*1\r\n*1\r\n:1\r\n", limits: depth)?.code == "too-deep")
        #expect(error(String(repeating: "*1\r\n", count: 100_000))?.code == "too-deep")

        let line = RESPParser.Limits(maxLineLength: 8)
        #expect(error("+12345678901\r\n", limits: line)?.code == "line-too-long")
        #expect(error("+1234567890", limits: line)?.code == "line-too-long")
        #expect((try? parseAll(Array("+12345678\r\n".utf8), limits: line)) == [.simple("12345678")])

        let reply = RESPParser.Limits(maxReplyBytes: 1000)
        #expect(error("*100\r\n" + String(repeating: "+\r\n", count: 100), limits: reply)?.code == "reply-too-large")
        #expect(error("$990\r\n", limits: reply)?.code == "reply-too-large")
        // The cost is per reply: many small replies in a row are fine.
        let many = String(repeating: "*2\r\n+a\r\n+b\r\n", count: 1000)
        #expect((try? parseAll(Array(many.utf8), limits: reply))?.count == 1000)
    }

    @Test("once failed, the parser keeps throwing the same error")
    func staysFailed() throws {
        var parser = RESPParser()
        parser.append(Array("?\r\n".utf8))
        let first = #expect(throws: RESPParseError.self) { try parser.next() }
        parser.append(Array("+OK\r\n".utf8))
        let second = #expect(throws: RESPParseError.self) { try parser.next() }
        #expect(first == second)
    }

    @Test("random bytes never trap and every error's offset lies inside the input (seeded)")
    func randomBytes() {
        var generator = SeededGenerator(seed: 38)
        let alphabet = Array("+-:$*\r\n0123456789-1%_x".utf8)
        for _ in 0..<5000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            var parser = RESPParser(limits: .init(maxBulkLength: 16, maxArrayCount: 8, maxDepth: 4, maxLineLength: 16, maxReplyBytes: 4096))
            parser.append(bytes)
            do {
                while try parser.next() != nil {}
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count, "\(bytes)")
            }
        }
    }

    @Test("the encoder writes an array of bulk strings with byte lengths")
    func encoder() {
        #expect(RedisCommand(["SET", "Mürren", ""]).encoded == Array("*3\r\n$3\r\nSET\r\n$7\r\nMürren\r\n$0\r\n\r\n".utf8))
        #expect(RedisCommand(bytes: [[0, 13, 10]]).encoded == [42, 49, 13, 10, 36, 51, 13, 10, 0, 13, 10, 13, 10])
        #expect(RedisCommand([]).encoded == Array("*1\r\n$0\r\n\r\n".utf8))
    }
}
