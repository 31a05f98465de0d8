import TestSupport
import Testing
import HTTP1

/// Deterministic random and mutated inputs: the parser must never crash or loop, and must
/// always settle on needMoreData or an error after yielding requests.
@Suite struct HTTPRequestParserFuzzTests {
    static let seeds: [[UInt8]] = [
        "GET /labels/a?lang=de HTTP/1.1\r\nHost: x\r\nAccept: text/plain\r\n\r\n",
        "POST /missing HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: 1\r\n\r\n",
        "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nHEAD /h HTTP/1.1\r\nHost: y\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
    ].map { Array($0.utf8) }
    static let interesting: [UInt8] = Array("\r\n :;\t0123456789abcdefABCDEF/?*HTTP.,-+".utf8) + [0, 0x7F, 0x80, 0xFF]

    @Test func mutatedAndRandomInputsNeverCrashAndAlwaysSettle() {
        var rng = SeededGenerator(seed: 0x1AB3_15E7)
        let limits = HTTPParserLimits(maxRequestLineBytes: 64, maxHeaderBytes: 128, maxHeaderCount: 8, maxBodyBytes: 64)
        var outcomes = [0, 0, 0]  // requests, needMoreData endings, error endings
        for iteration in 0..<4000 {
            var input: [UInt8]
            if iteration % 10 == 0 {
                input = (0..<Int.random(in: 0...200, using: &rng)).map { _ in
                    Bool.random(using: &rng) ? UInt8.random(in: 0...255, using: &rng) : Self.interesting.randomElement(using: &rng)!
                }
            } else {
                input = Self.seeds.randomElement(using: &rng)!
                if Bool.random(using: &rng) { input += Self.seeds.randomElement(using: &rng)! }
                for _ in 0..<Int.random(in: 1...4, using: &rng) { mutate(&input, using: &rng) }
            }
            var parser = HTTPRequestParser(limits: limits)
            var offset = 0
            var ended: HTTPParseResult = .needMoreData
            while offset < input.count {
                let n = min(input.count - offset, Int.random(in: 1...32, using: &rng))
                parser.append(input[offset..<(offset + n)])
                offset += n
                var steps = 0
                loop: while true {
                    steps += 1
                    guard steps < 1000 else {
                        Issue.record("parser did not settle on input \(input)")
                        return
                    }
                    let result = parser.next()
                    switch result {
                    case .request(let r):
                        outcomes[0] += 1
                        #expect(r.body.count <= limits.maxBodyBytes)
                        #expect(r.headers.count <= limits.maxHeaderCount)
                    case .needMoreData, .error:
                        ended = result
                        break loop
                    }
                }
            }
            if case .error(let e) = ended {
                outcomes[2] += 1
                #expect([400, 413, 414, 431, 501, 505].contains(e.status.code))
                let again = parser.next()
                #expect(again == ended, "errors are sticky")
            } else {
                outcomes[1] += 1
            }
        }
        #expect(outcomes[0] > 100 && outcomes[2] > 100, "the corpus exercises both success and failure: \(outcomes)")
    }

    func mutate(_ input: inout [UInt8], using rng: inout SeededGenerator) {
        guard !input.isEmpty else {
            input.append(Self.interesting.randomElement(using: &rng)!)
            return
        }
        let i = Int.random(in: 0..<input.count, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: input[i] = UInt8.random(in: 0...255, using: &rng)
        case 1: input[i] = Self.interesting.randomElement(using: &rng)!
        case 2: input.insert(Self.interesting.randomElement(using: &rng)!, at: i)
        case 3: input.remove(at: i)
        case 4:
            let j = min(input.count, i + Int.random(in: 1...16, using: &rng))
            input.insert(contentsOf: input[i..<j], at: i)
        default: input.removeSubrange(i...)
        }
    }
}
