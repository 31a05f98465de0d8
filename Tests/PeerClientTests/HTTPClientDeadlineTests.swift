import Clocks
import Foundation
import HTTP1
import HTTPServer
import PeerClient
import Sockets
import Testing

/// ``HTTPClient``'s deadline (the fleet's `--peer-timeout` is a deadline for the
/// whole fan-out, counted from the request's arrival) and timeouts that cannot trap.
@Suite struct HTTPClientDeadlineTests {
    func exchange(port: UInt16) -> HTTPClient.Exchange {
        HTTPClient.Exchange(address: SocketAddress(host: "127.0.0.1", port: port)!,
                            request: HTTPRequestEncoder.encode(method: .get, target: "/x", host: "t", headers: [:])!)
    }

    @Test func aDeadlineAlreadyPastConnectsToNobody() throws {
        let listener = try Socket.listen(on: SocketAddress(host: "127.0.0.1", port: 0)!, reusePort: false)
        let port = try listener.localPort()
        defer { listener.close() }
        let results = HTTPClient.performTimed([exchange(port: port), exchange(port: port)],
                                              deadline: MonotonicClock.now() - 1)
        #expect(results.map(\.result) == [.failure(.timeout), .failure(.timeout)])
        // Nothing waits in the accept queue: no connection was even opened.
        #expect(try listener.accept() == nil)
    }

    @Test(arguments: [Double.nan, -Double.infinity, -5, 0])
    func aTimeoutThatIsNoDurationEndsAtOnce(timeout: Double) throws {
        let listener = try Socket.listen(on: SocketAddress(host: "127.0.0.1", port: 0)!, reusePort: false)
        defer { listener.close() }
        let results = HTTPClient.perform([exchange(port: try listener.localPort())], timeout: timeout)
        #expect(results == [.failure(.timeout)])
    }

    @Test(arguments: [Double.infinity, 1e300, Double.greatestFiniteMagnitude])
    func anAbsurdTimeoutIsClampedNotATrap(timeout: Double) throws {
        let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1,
                                                                          linger: .milliseconds(500)),
                                 responder: OKResponder())
        let address = try server.start()
        defer {
            server.shutdown()
            #expect(server.wait(seconds: 3), "the server did not finish within 3 s of shutdown()")
        }
        let results = HTTPClient.perform([exchange(port: address.port)], timeout: timeout)
        #expect(results.count == 1)
        if case .success(let response)? = results.first { #expect(response.status == .ok) } else { Issue.record("\(results)") }
    }
}

/// A peer that answers every request 200.
private struct OKResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: Array("ok".utf8))
    }

    func respond(to error: HTTPParseError) -> HTTPResponse {
        HTTPResponse(status: error.status, headers: ["Content-Type": "text/plain"], body: Array(error.message.utf8))
    }
}
