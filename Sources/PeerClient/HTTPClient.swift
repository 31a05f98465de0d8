import CLabelSystem
import Clocks
import Glibc
package import HTTP1
package import Sockets

/// A small HTTP/1.1 client for calls between replicas: several requests at once from one
/// thread (non-blocking sockets and `poll`), one request per connection, a shared deadline,
/// and responses read by the strict ``HTTPResponseParser`` under size limits.
///
/// It blocks the calling thread until every exchange has finished or the deadline passed,
/// so it must never run on an event loop.
package enum HTTPClient {
    /// One request to send.
    package struct Exchange: Sendable {
        package var address: SocketAddress
        /// The encoded request (``HTTPRequestEncoder``).
        package var request: [UInt8]
        package var requestWasHead: Bool

        package init(address: SocketAddress, request: [UInt8], requestWasHead: Bool = false) {
            self.address = address
            self.request = request
            self.requestWasHead = requestWasHead
        }
    }

    /// Why an exchange gave no response.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case connect(SystemError)
        case io(SystemError)
        case timeout
        case protocolError(HTTPResponseParseError)

        /// A short stable word for metrics labels.
        package var kind: String {
            switch self {
            case .connect: "connect"
            case .io: "io"
            case .timeout: "timeout"
            case .protocolError: "protocol"
            }
        }

        package var description: String {
            switch self {
            case .connect(let error): "connect: \(error)"
            case .io(let error): "\(error)"
            case .timeout: "timed out"
            case .protocolError(let error): "bad response: \(error)"
            }
        }
    }

    private final class Call {
        let exchange: Exchange
        var socket: Socket?
        var connected = false
        var written = 0
        var parser: HTTPResponseParser
        var result: Result<HTTPReceivedResponse, Failure>?
        var finishedAt: UInt64 = 0

        init(_ exchange: Exchange, limits: HTTPResponseParser.Limits) {
            self.exchange = exchange
            parser = HTTPResponseParser(limits: limits, requestWasHead: exchange.requestWasHead)
        }
    }

    /// Runs every exchange concurrently until done or `timeout` seconds have passed.
    ///
    /// - Returns: one result per exchange, in order.
    package static func perform(_ exchanges: [Exchange], timeout: Double,
                               limits: HTTPResponseParser.Limits = .init()) -> [Result<HTTPReceivedResponse, Failure>] {
        performTimed(exchanges, timeout: timeout, limits: limits).map(\.result)
    }

    /// ``perform(_:timeout:limits:)`` with each exchange's own duration in seconds.
    package static func performTimed(_ exchanges: [Exchange], timeout: Double, limits: HTTPResponseParser.Limits = .init())
        -> [(result: Result<HTTPReceivedResponse, Failure>, seconds: Double)] {
        performTimed(exchanges, deadline: MonotonicClock.deadline(after: timeout, from: MonotonicClock.now()), limits: limits)
    }

    /// Runs every exchange concurrently until done or until `deadline` (``MonotonicClock``
    /// nanoseconds): connect, send and receive of every exchange all end by then. An
    /// exchange whose deadline has already passed is not even connected (`.timeout`).
    package static func performTimed(_ exchanges: [Exchange], deadline: UInt64, limits: HTTPResponseParser.Limits = .init())
        -> [(result: Result<HTTPReceivedResponse, Failure>, seconds: Double)] {
        let started = MonotonicClock.now()
        let calls = exchanges.map { Call($0, limits: limits) }
        for call in calls {
            if started < deadline { start(call) } else { finish(call, .failure(.timeout)) }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let pending = calls.filter { $0.result == nil }
            if pending.isEmpty { break }
            let now = MonotonicClock.now()
            guard now < deadline else {
                for call in pending { finish(call, .failure(.timeout)) }
                break
            }
            var fds = pending.map { call in
                pollfd(fd: call.socket?.descriptor ?? -1,
                       events: Int16(call.connected && call.written == call.exchange.request.count ? POLLIN : POLLOUT),
                       revents: 0)
            }
            let milliseconds = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            if ready < 0 {
                if csystem_errno() == EINTR { continue }
                for call in pending { finish(call, .failure(.io(SystemError("poll")))) }
                break
            }
            for (call, fd) in zip(pending, fds) where fd.revents != 0 {
                advance(call, buffer: buffer)
            }
        }
        return calls.map { call in
            (call.result ?? .failure(.timeout), Double((call.finishedAt > started ? call.finishedAt : MonotonicClock.now()) - started) / 1e9)
        }
    }

    private static func start(_ call: Call) {
        let address = call.exchange.address
        let domain = address.family == .ipv4 ? AF_INET : AF_INET6
        let fd = Glibc.socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return finish(call, .failure(.connect(SystemError("socket")))) }
        let socket = Socket(descriptor: fd)
        call.socket = socket
        try? socket.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        let result = socket.connect(to: address)
        if result == 0 {
            call.connected = true
        } else if csystem_errno() != EINPROGRESS {
            finish(call, .failure(.connect(SystemError("connect \(address)"))))
        }
    }

    /// Makes whatever progress the socket allows now.
    private static func advance(_ call: Call, buffer: UnsafeMutableRawBufferPointer) {
        guard let socket = call.socket else { return }
        if !call.connected {
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(socket.descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 {
                return finish(call, .failure(.connect(SystemError("connect \(call.exchange.address)", code: error))))
            }
            call.connected = true
        }
        if call.written < call.exchange.request.count {
            let offset = call.written
            let written: Result<Int, SystemError> = call.exchange.request.withUnsafeBytes { bytes in
                do throws(SystemError) {
                    return .success(try socket.write(UnsafeRawBufferPointer(rebasing: bytes[offset...])))
                } catch {
                    return .failure(error)
                }
            }
            switch written {
            case .success(let count): call.written += count
            case .failure(let error): return finish(call, .failure(.io(error)))
            }
            return
        }
        while true {
            let count: Int?
            do {
                count = try socket.read(into: buffer)
            } catch {
                return finish(call, .failure(.io(error)))
            }
            guard let count else { return }
            if count == 0 {
                call.parser.finish()
            } else {
                call.parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            do {
                if let response = try call.parser.next() { return finish(call, .success(response)) }
            } catch {
                return finish(call, .failure(.protocolError(error)))
            }
            if count == 0 { return }
        }
    }

    private static func finish(_ call: Call, _ result: Result<HTTPReceivedResponse, Failure>) {
        guard call.result == nil else { return }
        call.result = result
        call.finishedAt = MonotonicClock.now()
        call.socket?.close()
        call.socket = nil
    }
}
