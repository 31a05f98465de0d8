import Foundation
import Glibc

/// A raw loopback HTTP/1.1 server whose every answer the test writes:
/// records each request (head and body) and replies with whatever `reply`
/// returns — or, for `nil`, holds the connection open and never answers (a
/// stalled server). One thread, one connection at a time, `Connection: close`.
final class ScriptedServer: @unchecked Sendable {
    struct Request: Sendable {
        var head: String
        var body: Data
        /// A header's value by case-insensitive name.
        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                if line[..<colon].lowercased() == name.lowercased() {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
        var requestLine: String { String(head.split(separator: "\r\n").first ?? "") }
    }

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var held: [Int32] = []
    private var stopped = false
    private let answer: @Sendable (Request, Int32) -> Bool

    var requests: [Request] { lock.withLock { recorded } }
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    convenience init(reply: @escaping @Sendable (Request) -> String?) throws {
        try self.init(answer: { request, connection in
            guard let response = reply(request) else { return false }
            _ = ScriptedServer.write(Array(response.utf8), to: connection)
            return true
        })
    }

    /// A server whose answer is written piecewise: `stream` gets the request and
    /// a `write` that returns `false` once the client has hung up (a hostile
    /// server streaming a body for as long as the client reads it).
    convenience init(stream: @escaping @Sendable (Request, (_ bytes: [UInt8]) -> Bool) -> Void) throws {
        try self.init(answer: { request, connection in
            stream(request) { bytes in ScriptedServer.write(bytes, to: connection) == bytes.count }
            return true
        })
    }

    private init(answer: @escaping @Sendable (Request, Int32) -> Bool) throws {
        self.answer = answer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var one: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// An HTTP response with a body.
    static func response(_ status: String, headers: [String] = [], body: String = "") -> String {
        let lines = ["HTTP/1.1 \(status)", "Content-Length: \(body.utf8.count)", "Connection: close"] + headers
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + body
    }

    func stop() {
        let descriptors: [Int32] = lock.withLock {
            stopped = true
            defer { held = [] }
            return held
        }
        for descriptor in descriptors { close(descriptor) }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            if lock.withLock({ stopped }) { close(connection); return }
            guard let request = read(connection) else { close(connection); continue }
            lock.withLock { recorded.append(request) }
            guard answer(request, connection) else {
                // Stalled: keep the connection open, answer nothing.
                lock.withLock { held.append(connection) }
                continue
            }
            close(connection)
        }
    }

    /// Writes all of `bytes` (or as much as the peer takes before it hangs up);
    /// returns how many were written.
    private static func write(_ bytes: [UInt8], to connection: Int32) -> Int {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            offset += count
        }
        return offset
    }

    /// Reads a head and a `Content-Length` body.
    private func read(_ connection: Int32) -> Request? {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                var request = Request(head: head, body: Data())
                let length = Int(request.header("Content-Length") ?? "0") ?? 0
                while buffer.count - end.upperBound < length {
                    let count = recv(connection, &chunk, chunk.count, 0)
                    guard count > 0 else { return nil }
                    buffer += chunk[..<count]
                }
                request.body = Data(buffer[end.upperBound..<(end.upperBound + length)])
                return request
            }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}
