#if os(Linux)
import Foundation
import FoundationNetworking
import Glibc
import HTTP1
import LabelCore

/// One `http://` exchange on Linux, on a socket of its own and read through HTTP1's
/// strict response parser, so that ``LabelClient/bodyLimit`` bounds what is read, not
/// only what is kept.
///
/// swift-corelibs-foundation's `URLSession` reads as fast as the peer writes and queues
/// every piece for the delegate, and its `cancel()` takes effect later: a client that
/// counts and cancels still held hundreds of MiB of an endless body (docs/decisions/
/// client-body-limit.md). Here nothing is read that is not parsed at once: the parser
/// refuses a body past the limit (a declared length on the head, a chunk size as it is
/// announced, a close-delimited body as it grows), and the socket is closed there. A
/// gzip body is inflated afterwards into at most `limit` bytes (``BoundedInflater``).
/// Blocking, on a thread of its own: ``send(seconds:)`` waits for it at most `seconds`.
struct PlainHTTPExchange: Sendable {
    let host: String
    let port: UInt16
    let request: [UInt8]
    let isHead: Bool
    let limit: Int

    /// The exchange for `request`, or `nil` when its URL is not `http://` (`https://`
    /// stays with `URLSession`).
    init?(_ request: URLRequest, limit: Int) throws(LabelClientError) {
        guard let url = request.url, url.scheme?.lowercased() == "http",
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let bracketed = components.percentEncodedHost ?? ""
        let host = bracketed.hasPrefix("[") && bracketed.hasSuffix("]") ? String(bracketed.dropFirst().dropLast()) : bracketed
        guard !host.isEmpty else { throw .transport(.unroutable(url: "\(url)", .noHost)) }
        let port = components.port ?? 80
        guard (1...65_535).contains(port) else { throw .transport(.unroutable(url: "\(url)", .port(port))) }
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let hostField = host.contains(":") ? "[\(host)]" : host
        var fields: [HTTPField] = []
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key })
        where name.caseInsensitiveCompare("Content-Length") != .orderedSame {
            fields.append(HTTPField(name: name, value: value))
        }
        let method = HTTPMethod(request.httpMethod ?? "GET")
        guard let encoded = HTTPRequestEncoder.encode(
            method: method, target: target, host: components.port.map { "\(hostField):\($0)" } ?? hostField,
            headers: HTTPHeaders(fields), body: request.httpBody.map { [UInt8]($0) } ?? []) else {
            throw .transport(.unroutable(url: "\(url)", .notHTTP1))
        }
        self.host = host
        self.port = UInt16(port)
        self.request = encoded
        self.isHead = method == .head
        self.limit = limit
    }

    /// Runs the exchange on a thread of its own and waits for it at most `seconds`
    /// (``DeadlineRace/runOnThread(seconds:stop:_:)``); the exchange stops at the same
    /// deadline, or within a poll slice of the caller giving up, and closes its socket.
    func send(seconds: TimeInterval) async throws(LabelClientError) -> HTTPFetcher.Response {
        let exchange = self
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(seconds, 0) * 1e9)
        let stop = Locked(false)
        return try await DeadlineRace.runOnThread(seconds: seconds, stop: { stop.withLock { $0 = true } }) {
            Result { () throws(LabelClientError) in try exchange.run(until: deadline, stop: stop) }
        }.get()
    }

    /// The blocking exchange: connect, write the request, read and parse the response.
    func run(until deadline: UInt64, stop: Locked<Bool>) throws(LabelClientError) -> HTTPFetcher.Response {
        let clock = SocketWait(deadline: deadline, stop: stop)
        let socket = try clock.connect(host: host, port: port)
        defer { close(socket) }
        try clock.write(request, to: socket)
        let received = try receive(from: socket, clock: clock)
        var headers: [String: String] = [:]
        for field in received.headers {
            let name = field.name
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return HTTPFetcher.Response(status: received.status.code, headers: headers, body: try body(of: received))
    }

    /// Reads until the parser has the whole response, or refuses it.
    private func receive(from socket: Int32, clock: SocketWait) throws(LabelClientError) -> HTTPReceivedResponse {
        var parser = HTTPResponseParser(limits: .init(maxBodyBytes: limit), requestWasHead: isHead)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                parser.append(chunk[..<count])
            } else if count == 0 {
                parser.finish()
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try clock.wait(socket, for: Int16(POLLIN))
                continue
            } else if errno == EINTR {
                continue
            } else {
                throw .transport(.system(.read, errno: errno))
            }
            do {
                if let response = try parser.next() { return response }
            } catch {
                throw error.code == .bodyTooLarge ? .bodyTooLarge(limit: limit) : .transport(.malformedResponse(code: error.code.rawValue, offset: error.offset))
            }
        }
    }

    /// The body with its content coding undone: gzip (what the request accepts) is
    /// inflated into at most `limit` bytes; another coding is refused.
    private func body(of response: HTTPReceivedResponse) throws(LabelClientError) -> Data {
        let codings = response.headers.listValues(.contentEncoding).map { $0.lowercased() }.filter { $0 != "identity" }
        if codings.isEmpty { return Data(response.body) }
        guard codings == ["gzip"] || codings == ["x-gzip"] else {
            throw .transport(.unrequestedCoding(codings))
        }
        return try BoundedInflater.gunzip(response.body, limit: limit)
    }
}
#endif
