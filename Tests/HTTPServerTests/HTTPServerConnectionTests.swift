import Foundation
import Testing
import TestSupport

/// Keep-alive, pipelining, HEAD, HTTP/1.0 and connection closing, over a real socket.
@Suite(.serialized)
struct HTTPServerConnectionTests {
    /// Latency (a 40 ms delayed-ACK stall per response, from two writes or no TCP_NODELAY)
    /// is measured in Benchmarks/ (`run.sh`'s wrk rows), not bounded here.
    @Test func hundredSequentialKeepAliveRequestsOnOneConnection() throws {
        try TestServer.with { server in
            let client = try server.connect()
            _ = try client.exchange(get("/warm-up"))
            for index in 0..<100 {
                let response = try client.exchange(get("/r/\(index)"))
                #expect(response.status == 200)
                #expect(response.text == "GET /r/\(index)")
                #expect(!response.closes)
            }
        }
    }

    @Test func pipelinedRequestsInOneSendAreAnsweredInOrder() throws {
        try TestServer.with { server in
            let client = try server.connect()
            try client.send((0..<10).map { get("/p/\($0)") }.joined())
            let responses = try client.readResponses(10)
            #expect(responses.map(\.text) == (0..<10).map { "GET /p/\($0)" })
            #expect(responses.allSatisfy { $0.status == 200 && !$0.closes })
            // Still usable afterwards.
            #expect(try client.exchange(get("/after")).text == "GET /after")
        }
    }

    @Test func headHasContentLengthAndNoBody() throws {
        try TestServer.with { server in
            let client = try server.connect()
            let head = try client.exchange("HEAD /thing HTTP/1.1\r\nHost: test\r\n\r\n", head: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "\("HEAD /thing".utf8.count)")
            #expect(head.body.isEmpty)
            // Had a body been sent, it would now be read as the start of this response.
            let next = try client.exchange(get("/next"))
            #expect(next.status == 200)
            #expect(next.text == "GET /next")
        }
    }

    @Test func responsesCarryDateAndContentLength() throws {
        try TestServer.with { server in
            let client = try server.connect()
            let response = try client.exchange(get("/d"))
            #expect(response.header("Content-Length") == "6")
            let date = try #require(response.header("Date"))
            #expect(date.hasSuffix(" GMT"))
            #expect(date.count == 29)
        }
    }

    @Test func http10WithoutKeepAliveIsClosedAfterTheResponse() throws {
        try TestServer.with { server in
            let client = try server.connect()
            let response = try client.exchange("GET /old HTTP/1.0\r\n\r\n")
            #expect(response.status == 200)
            #expect(response.version == "HTTP/1.1")
            #expect(response.text == "GET /old")
            #expect(client.waitForClose() == .closed)
        }
    }

    @Test func http10WithKeepAliveStaysOpen() throws {
        try TestServer.with { server in
            let client = try server.connect()
            let first = try client.exchange("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(first.status == 200)
            #expect(first.header("Connection")?.lowercased() == "keep-alive")
            let second = try client.exchange("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(second.text == "GET /b")
            // The last one without keep-alive ends it.
            _ = try client.exchange("GET /c HTTP/1.0\r\n\r\n")
            #expect(client.waitForClose() == .closed)
        }
    }

    @Test func connectionCloseOnHTTP11ClosesAfterTheResponse() throws {
        try TestServer.with { server in
            let client = try server.connect()
            let response = try client.exchange(get("/bye", "Connection: close\r\n"))
            #expect(response.status == 200)
            #expect(response.closes)
            #expect(client.waitForClose() == .closed)
        }
    }

    @Test func requestsPipelinedAfterConnectionCloseAreNotAnswered() throws {
        try TestServer.with { server in
            let client = try server.connect()
            try client.send(get("/1") + get("/2", "Connection: close\r\n") + get("/3"))
            let responses = try client.readResponses(2)
            #expect(responses.map(\.text) == ["GET /1", "GET /2"])
            #expect(responses[1].closes)
            #expect(client.readToEnd() == [])
        }
    }

    @Test func expectContinueIsAnsweredBeforeTheBodyIsSent() throws {
        try TestServer.with { server in
            let client = try server.connect()
            try client.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            // A client waits for 100 Continue before sending the body (curl for 1 s): it comes
            // with no body byte sent. The 10 s are a hang guard, not a measurement.
            #expect(client.isReadable(within: 10_000), "no 100 Continue within 10 s of the head")
            try client.send("hello")
            var response = try client.readResponse()
            if response.status == 100 { response = try client.readResponse() }
            #expect(response.status == 200)
            #expect(response.text == "hello")
        }
    }

    @Test func inputLeftUnreadWhileOutputWasQueuedIsReadOnceItDrains() throws {
        // Connections are edge-triggered: with a high-water mark of one byte, reading stops
        // after each answer with requests and the end of input still waiting in the socket,
        // and nothing but the re-armed interest brings them back.
        try TestServer.with(outputHighWater: 1) { server in
            for _ in 0..<20 {
                let client = try server.connect()
                try client.send((0..<40).map { get("/p\($0)") }.joined())
                client.shutdownWrite()
                let responses = try client.readResponses(40)
                #expect(responses.map(\.text) == (0..<40).map { "GET /p\($0)" })
                #expect(client.waitForClose() == .closed)
            }
        }
    }

    @Test func clientThatHalfClosesAfterItsRequestStillGetsTheFullResponse() throws {
        try TestServer.with { server in
            let client = try server.connect()
            let body = String(repeating: "x", count: 100_000)
            try client.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            try client.send(get("/second"))
            client.shutdownWrite()
            let responses = try client.readResponses(2)
            #expect(responses[0].status == 200)
            #expect(responses[0].body.count == 100_000)
            #expect(responses[1].text == "GET /second")
            #expect(client.waitForClose() == .closed)
        }
    }
}
