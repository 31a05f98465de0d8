import TestSupport
import Foundation
import HTTP1
import Synchronization
import Testing

/// Many connections at once, and inputs nobody should send.
@Suite(.serialized)
struct HTTPServerLoadTests {
    @Test func twoHundredConcurrentConnectionsEachDoingFiveRequestsAllSucceed() throws {
        try TestServer.with { server in
            let port = server.port
            let threads = 8
            let perThread = 25
            let succeeded = Atomic<Int>(0)
            let failures = Mutex<[String]>([])
            let group = DispatchGroup()
            for thread in 0..<threads {
                group.enter()
                Thread {
                    defer { group.leave() }
                    do {
                        // Each thread opens all its connections first, so all 200 are open together,
                        // then drives them in lockstep: every connection has a request outstanding.
                        let clients = try (0..<perThread).map { _ in try RawClient(port: port) }
                        for round in 0..<5 {
                            for (index, client) in clients.enumerated() {
                                try client.send(get("/t\(thread)/c\(index)/r\(round)"))
                            }
                            for (index, client) in clients.enumerated() {
                                let response = try client.readResponse()
                                if response.status == 200 && response.text == "GET /t\(thread)/c\(index)/r\(round)" {
                                    succeeded.add(1, ordering: .relaxed)
                                } else {
                                    failures.withLock { $0.append("\(response)") }
                                }
                            }
                        }
                    } catch {
                        failures.withLock { $0.append("thread \(thread): \(error)") }
                    }
                }.start()
            }
            #expect(group.wait(timeout: .now() + 10) == .success, "clients still running after 10 s")
            #expect(failures.withLock { $0 } == [])
            #expect(succeeded.load(ordering: .relaxed) == threads * perThread * 5)
        }
    }

    @Test func randomGarbageNeverGets500NorHangs() throws {
        var generator = SeededGenerator(seed: 0x1abe15e7)
        let valid = Array("POST /x?y=1 HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\nbody".utf8)
        let alphabet = Array("GET POST HTTP/1.1 \r\n:;,=/?%0123456789abcdefHost Content-Length Transfer-Encoding chunked\t ".utf8)
        try TestServer.with(timeouts: .init(idleTimeout: .seconds(1), headerReadTimeout: .seconds(1),
                                            bodyReadTimeout: .seconds(1))) { server in
            // Each client's 2 s socket timeout is the hang guard: a read that waits longer throws.
            for index in 0..<200 {
                let input: [UInt8]
                switch index % 3 {
                case 0:  // raw bytes
                    input = (0..<Int.random(in: 1...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                case 1:  // HTTP-ish tokens in random order
                    input = (0..<Int.random(in: 1...300, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                default:  // a request with a few bytes flipped, dropped or inserted
                    var bytes = valid
                    for _ in 0..<Int.random(in: 1...6, using: &generator) {
                        let position = Int.random(in: 0..<bytes.count, using: &generator)
                        switch Int.random(in: 0..<3, using: &generator) {
                        case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                        case 1: bytes.remove(at: position)
                        default: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
                        }
                    }
                    input = bytes
                }
                let client = try server.connect(timeout: 2)
                try? client.send(input)
                client.shutdownWrite()   // the end of input: nothing more is coming
                var responses: [RawResponse] = []
                while true {
                    // A garbled response is a failure too, and is thrown.
                    guard let response = try client.readResponseOrEnd() else { break }
                    responses.append(response)
                }
                for response in responses {
                    #expect(response.status < 500 || response.status == 501 || response.status == 505,
                            "input #\(index) \(input) got \(response)")
                }
            }
            // And the server is still fine.
            #expect(try server.connect().exchange(get("/alive")).text == "GET /alive")
        }
    }
}
