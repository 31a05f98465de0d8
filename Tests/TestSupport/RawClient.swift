import Foundation
import Glibc

/// A small blocking HTTP/1.1 client over a real TCP socket to 127.0.0.1, for end-to-end tests.
///
/// It writes raw bytes and reads responses by their framing (status line, header fields,
/// `Content-Length` body), so pipelined responses can be told apart. Every receive has a
/// timeout (`SO_RCVTIMEO`), so a server that never answers fails the test instead of hanging it.
package final class RawClient {
    /// A socket call failed, the read timed out, or the bytes were not an HTTP response.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// How a wait for the server to close the connection ended.
    package enum CloseOutcome: Equatable {
        /// End of stream: the server closed (FIN).
        case closed
        /// The server reset the connection.
        case reset
        /// Nothing happened within the timeout: the connection is still open.
        case stillOpen
        /// The server sent more bytes instead of closing.
        case data
    }

    package private(set) var descriptor: Int32
    /// Bytes received but not yet consumed as a response.
    private var buffer: [UInt8] = []
    private var sawEnd = false

    /// Connects; the server may still close the connection right after accepting it.
    package init(port: UInt16, timeout: Double = 3) throws(Failure) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket: errno \(errno)") }
        var seconds = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        // So that only the server's write pattern decides latency, not the client's Nagle.
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            descriptor = -1
            throw Failure("connect to 127.0.0.1:\(port): errno \(code)")
        }
    }

    deinit { close() }

    package func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// Sends every byte (MSG_NOSIGNAL: a closed peer gives EPIPE, not SIGPIPE).
    package func send(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("send: errno \(errno)")
            }
            offset += count
        }
    }

    package func send(_ text: String) throws(Failure) { try send(Array(text.utf8)) }

    /// Half-closes: the server sees end of input, the client can still read.
    package func shutdownWrite() { _ = Glibc.shutdown(descriptor, Int32(SHUT_WR)) }

    /// Whether bytes (or end of stream) can be read within `milliseconds`.
    package func isReadable(within milliseconds: Int32) -> Bool {
        if !buffer.isEmpty || sawEnd { return true }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Reads one response. `head` says it answers a HEAD request (no body, whatever
    /// `Content-Length` says).
    package func readResponse(head: Bool = false) throws(Failure) -> RawResponse {
        guard let response = try readResponseOrEnd(head: head) else {
            throw Failure("the connection closed before a response")
        }
        return response
    }

    /// Reads `count` responses in order.
    package func readResponses(_ count: Int) throws(Failure) -> [RawResponse] {
        var responses: [RawResponse] = []
        for _ in 0..<count { responses.append(try readResponse()) }
        return responses
    }

    /// Sends a request and reads its response.
    package func exchange(_ request: String, head: Bool = false) throws(Failure) -> RawResponse {
        try send(request)
        return try readResponse(head: head)
    }

    /// One response, or nil when the server closes (or resets) before sending any byte of one.
    package func readResponseOrEnd(head: Bool = false) throws(Failure) -> RawResponse? {
        var headEnd: Int?
        while true {
            headEnd = Self.endOfHead(in: buffer)
            if headEnd != nil { break }
            if buffer.count > 1 << 20 { throw Failure("response head over 1 MiB") }
            if !(try fill()) {
                if buffer.isEmpty { return nil }
                throw Failure("the connection closed inside a response head: \(String(decoding: buffer, as: UTF8.self))")
            }
        }
        var response = try Self.parseHead(Array(buffer[..<headEnd!]))
        buffer.removeFirst(headEnd! + 4)
        let bodyless = head || response.status / 100 == 1 || response.status == 204 || response.status == 304
        if !bodyless {
            guard let lengthText = response.header("Content-Length"), let length = Int(lengthText) else {
                throw Failure("response without Content-Length: \(response)")
            }
            while buffer.count < length {
                if !(try fill()) { throw Failure("the connection closed inside a body of \(length) bytes") }
            }
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return response
    }

    /// Waits up to the receive timeout for the server to close the connection.
    package func waitForClose() -> CloseOutcome {
        if !buffer.isEmpty { return .data }
        do {
            return try fill() ? .data : .closed
        } catch {
            return error.description.contains("timed out") ? .stillOpen : .reset
        }
    }

    /// Reads whatever arrives until the server closes; nil when it does not close in time.
    package func readToEnd() -> [UInt8]? {
        while true {
            do {
                if !(try fill()) { break }
            } catch {
                if error.description.contains("timed out") { return nil }
                break  // reset counts as the end
            }
        }
        defer { buffer.removeAll() }
        return buffer
    }

    /// Appends one receive to the buffer; false at end of stream.
    private func fill() throws(Failure) -> Bool {
        if sawEnd { return false }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 {
                sawEnd = true
                return false
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw Failure("recv timed out")
            case ECONNRESET:
                sawEnd = true
                throw Failure("recv: connection reset")
            case let code: throw Failure("recv: errno \(code)")
            }
        }
    }

    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    static func parseHead(_ bytes: [UInt8]) throws(Failure) -> RawResponse {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]), parts[1].count == 3 else {
            throw Failure("bad status line: \(statusLine)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure("bad header line: \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return RawResponse(version: String(parts[0]), status: status, reason: parts.count > 2 ? String(parts[2]) : "",
                           headers: headers, body: [])
    }
}
