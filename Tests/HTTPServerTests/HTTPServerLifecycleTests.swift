import Sockets
import TestSupport
import Foundation
import Glibc
import HTTP1
import HTTPServer
import Testing

/// Connection limits and graceful shutdown.
@Suite(.serialized)
struct HTTPServerLifecycleTests {
    @Test func connectionOverMaxConnectionsIsClosedAtOnceWhileTheOthersWork() throws {
        try TestServer.with(maxConnections: 2) { server in
            let first = try server.connect()
            let second = try server.connect()
            // A request on each makes sure both are accepted and counted.
            #expect(try first.exchange(get("/1")).status == 200)
            #expect(try second.exchange(get("/2")).status == 200)
            let third = try server.connect()
            try? third.send(get("/3"))
            // Closed without an answer: an end of stream, not the client's 3 s timeout (nil).
            #expect(third.readToEnd() == [], "the third connection got an answer or was held open")
            #expect(try first.exchange(get("/1b")).text == "GET /1b")
            #expect(try second.exchange(get("/2b")).text == "GET /2b")

            // A slot freed is usable again, once the server has seen the close.
            first.close()
            #expect(server.awaitOpenConnections { $0 < 2 }, "the close was not seen within 10 s")
            #expect(try server.connect().exchange(get("/4")).status == 200, "no connection was accepted after one of the two closed")
        }
    }

    @Test func shutdownClosesIdleConnectionsRefusesNewOnesAndAnswersTheRequestInFlight() throws {
        // One loop, so that answering `probe` proves the loop has read the partial head sent
        // before it: a request whose bytes the server never read is not "in flight".
        let configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1,
                                                    linger: .milliseconds(500))
        let server = EpollServer(configuration: configuration, responder: EchoResponder())
        let port = try server.start().port
        var finished = false
        defer {
            if !finished {
                server.shutdown()
                _ = server.wait(seconds: 3)
            }
        }
        let idle = try RawClient(port: port)
        #expect(try idle.exchange(get("/idle")).status == 200)
        let inFlight = try RawClient(port: port)
        #expect(try inFlight.exchange(get("/before")).status == 200)
        try inFlight.send("GET /in-flight HTTP/1.1\r\nHost: test\r\n")   // the head is not finished yet
        #expect(try idle.exchange(get("/probe")).status == 200)

        server.shutdown()

        // New connections are refused once the loop has closed its listener.
        #expect(TestServer.listenerCloses(port: port), "connections were still accepted 100 tries after shutdown()")
        #expect(idle.waitForClose() == .closed)

        try inFlight.send("Accept: */*\r\n\r\n")
        let response = try inFlight.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "GET /in-flight")
        #expect(response.closes)
        #expect(inFlight.waitForClose() == .closed)

        finished = true
        #expect(server.wait(seconds: 3), "the server did not finish after its last connection closed")
    }
}
