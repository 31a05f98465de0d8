import Sockets
import TestSupport
import Dispatch
import Foundation
import HTTP1
import HTTPServer
import Testing

/// A responder that answers `/later?ms=N` from another thread after N ms, `/gated` from
/// another thread once ``gate`` is signalled, `/never-promise` with nil but no promise (a
/// responder bug), and everything else at once. A `/gated` request signals ``deferred``
/// when its promise is made, and ``completed`` once the promise is completed.
struct DeferringResponder: HTTPResponder {
    var gate = DispatchSemaphore(value: 0)
    var deferred = DispatchSemaphore(value: 0)
    var completed = DispatchSemaphore(value: 0)

    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: .ok, body: Array("now \(request.path)".utf8))
    }

    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPResponse? {
        if request.path == "/never-promise" { return nil }
        if request.path == "/gated" {
            let (promise, gate, completed) = (context.deferResponse(), gate, completed)
            deferred.signal()
            DispatchQueue.global().async {
                gate.wait()
                promise.succeed(HTTPResponse(status: .ok, body: Array("gated".utf8)))
                completed.signal()
            }
            return nil
        }
        guard request.path == "/later" else { return respond(to: request) }
        let milliseconds = Int(request.query?.split(separator: "=").last ?? "0") ?? 0
        let promise = context.deferResponse()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            promise.succeed(HTTPResponse(status: .ok, body: Array("later \(milliseconds)".utf8)))
            promise.succeed(HTTPResponse(status: .internalServerError))   // ignored: only the first counts
        }
        return nil
    }

    func respond(to error: HTTPParseError) -> HTTPResponse { HTTPResponse(status: error.status) }
}

@Suite struct HTTPServerDeferredResponseTests {
    @Test func aDeferredResponseArrivesFromAnotherThread() throws {
        try TestServer.with(responder: DeferringResponder()) { server in
            let client = try server.connect(timeout: 5)
            try client.send(get("/later?ms=50"))
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "later 50")
            // The connection stays usable afterwards.
            try client.send(get("/after"))
            #expect(String(decoding: try client.readResponse().body, as: UTF8.self) == "now /after")
        }
    }

    @Test func pipelinedRequestsBehindADeferredOneAreAnsweredInOrder() throws {
        try TestServer.with(responder: DeferringResponder()) { server in
            let client = try server.connect(timeout: 5)
            try client.send(get("/first") + get("/later?ms=100") + get("/third") + get("/later?ms=10"))
            let bodies = try client.readResponses(4).map { String(decoding: $0.body, as: UTF8.self) }
            #expect(bodies == ["now /first", "later 100", "now /third", "later 10"])
        }
    }

    @Test func aSlowDeferredResponseDoesNotBlockOtherConnectionsOnTheLoop() throws {
        let responder = DeferringResponder()
        try TestServer.with(responder: responder) { server in
            let slow = try server.connect(timeout: 5)
            try slow.send(get("/gated"))
            // The deferred answer waits for the gate, opened only after the others were
            // answered: had they waited for it, they would time out (3 s, the hang guard).
            for _ in 0..<20 {
                let fast = try server.connect()
                try fast.send(get("/x"))
                #expect(try fast.readResponse().status == 200)
            }
            #expect(!slow.isReadable(within: 0))
            responder.gate.signal()
            #expect(String(decoding: try slow.readResponse().body, as: UTF8.self) == "gated")
        }
    }

    /// The response is completed only after the client has gone, and queued to the loop
    /// before the next connection is made.
    @Test func aConnectionClosedBeforeTheResponseIsDroppedQuietly() throws {
        let responder = DeferringResponder()
        try TestServer.with(responder: responder) { server in
            let gone = try server.connect()
            try gone.send(get("/gated"))
            #expect(responder.deferred.wait(timeout: .now() + 10) == .success, "the request was not read within 10 s")
            gone.close()
            responder.gate.signal()
            #expect(responder.completed.wait(timeout: .now() + 10) == .success)
            let client = try server.connect()
            try client.send(get("/still-fine"))
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func nilWithoutAPromiseIsA500NotAHang() throws {
        try TestServer.with(responder: DeferringResponder()) { server in
            let client = try server.connect(timeout: 5)
            try client.send(get("/never-promise"))
            #expect(try client.readResponse().status == 500)
        }
    }

    /// The response is completed only once the loop has closed its listener for the shutdown.
    @Test func shutdownWaitsForAPendingDeferredResponse() throws {
        let configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1,
                                                    linger: .milliseconds(500))
        let responder = DeferringResponder()
        let server = EpollServer(configuration: configuration, responder: responder)
        let address = try server.start()
        let client = try RawClient(port: address.port, timeout: 5)
        try client.send(get("/gated"))
        #expect(responder.deferred.wait(timeout: .now() + 10) == .success, "the request was not read within 10 s")
        server.shutdown()
        #expect(TestServer.listenerCloses(port: address.port), "connections were still accepted 100 tries after shutdown()")
        responder.gate.signal()
        let response = try client.readResponse()
        #expect(String(decoding: response.body, as: UTF8.self) == "gated")
        #expect(server.wait(seconds: 5))
    }
}
