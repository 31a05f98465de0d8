import CLabelSystem
import Clocks
import Glibc
import Sockets

/// One TCP connection to a Redis server and the parser of what it sends: blocking calls under
/// a deadline (``MonotonicClock`` nanoseconds), made with `poll` on a non-blocking
/// ``Socket``. Owned by one ``RedisConnection`` or ``RedisSubscriber`` at a time; not shared.
final class RedisLink {
    /// What ``receive(deadline:wake:)`` saw.
    enum Received {
        case value(RESPValue)
        /// The wake-up descriptor became readable (the owner is stopping).
        case woken
        /// The deadline passed with no complete value.
        case timedOut
    }

    private let socket: Socket
    /// `host:port`, for messages.
    let peer: String
    private var parser: RESPParser
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)

    private init(socket: Socket, peer: String, limits: RESPParser.Limits) {
        self.socket = socket
        self.peer = peer
        parser = RESPParser(limits: limits)
    }

    deinit {
        socket.close()
        buffer.deallocate()
    }

    func close() { socket.close() }

    /// Connects to the first of the endpoint's addresses that accepts before `deadline`.
    static func open(_ endpoint: RedisEndpoint, deadline: UInt64, limits: RESPParser.Limits) throws(RedisError) -> RedisLink {
        let name = endpoint.host.contains(":") ? "[\(endpoint.host)]:\(endpoint.port)" : "\(endpoint.host):\(endpoint.port)"
        guard let port = UInt16(exactly: endpoint.port), port > 0 else { throw .connect("Redis at \(name): no such port") }
        // getaddrinfo has no deadline of its own: a numeric host (the usual case) needs no lookup.
        let addresses = AddressResolver.resolve(host: endpoint.host, port: port)
        guard !addresses.isEmpty else { throw .connect("Redis at \(name): the host name does not resolve") }
        var failure = RedisError.connect("Redis at \(name): no address to connect to")
        for address in addresses {
            do {
                return RedisLink(socket: try connect(to: address, name: name, deadline: deadline), peer: name, limits: limits)
            } catch {
                failure = error
                if case .timeout = error { break }
            }
        }
        throw failure
    }

    private static func connect(to address: SocketAddress, name: String, deadline: UInt64) throws(RedisError) -> Socket {
        let domain = address.family == .ipv4 ? AF_INET : AF_INET6
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = Glibc.socket(domain, flags, 0)
        guard fd >= 0 else { throw .connect("Redis at \(name): \(SystemError("socket"))") }
        let socket = Socket(descriptor: fd)
        try? socket.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        if socket.connect(to: address) == 0 { return socket }
        let code = csystem_errno()
        guard code == EINPROGRESS || code == EINTR else { throw connectFailure(name, code) }
        guard try wait(for: socket.descriptor, events: POLLOUT, wake: -1, deadline: deadline) else {
            throw .timeout("connecting to Redis at \(name) timed out")
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket.descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else { throw connectFailure(name, error) }
        return socket
    }

    private static func connectFailure(_ name: String, _ code: Int32) -> RedisError {
        code == ECONNREFUSED
            ? .connect("Redis at \(name) refused the connection (is it running?)")
            : .connect("connecting to Redis at \(name): \(SystemError("connect", code: code))")
    }

    /// Whether the server closed the connection or sent something nobody asked for since the
    /// last exchange: the connection must not be used for another.
    var isStale: Bool {
        if parser.isMidReply { return true }
        var fds = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&fds, 1, 0) != 0
    }

    /// Writes `bytes` and reads `count` replies, in order, reading while it writes (so that
    /// neither side's buffers fill), until `deadline`.
    func exchange(_ bytes: [UInt8], replies count: Int, deadline: UInt64) throws(RedisError) -> [RESPValue] {
        var replies: [RESPValue] = []
        replies.reserveCapacity(count)
        var written = 0
        while true {
            while replies.count < count, let value = try parsed() { replies.append(value) }
            if replies.count == count { return replies }
            let wantsWrite = written < bytes.count
            var fds = pollfd(fd: socket.descriptor, events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
            let now = MonotonicClock.now()
            guard now < deadline else { throw .timeout("Redis at \(peer) did not answer in time (\(replies.count) of \(count) replies)") }
            let ready = poll(&fds, 1, Self.milliseconds(until: deadline, from: now))
            if ready < 0 {
                if csystem_errno() == EINTR { continue }
                throw .io("Redis at \(peer): \(SystemError("poll"))")
            }
            if wantsWrite, fds.revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
                written += try write(bytes, from: written)
            }
            if fds.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { try readOnce() }
        }
    }

    /// Writes all of `bytes` before `deadline` (nothing read meanwhile: for small commands).
    func send(_ bytes: [UInt8], deadline: UInt64) throws(RedisError) {
        var written = 0
        while written < bytes.count {
            let count = try write(bytes, from: written)
            written += count
            if count == 0, try !Self.wait(for: socket.descriptor, events: POLLOUT, wake: -1, deadline: deadline) {
                throw .timeout("Redis at \(peer) did not take the command in time")
            }
        }
    }

    /// The next value, reading until `deadline` or until `wake` (a descriptor, or -1) is readable.
    func receive(deadline: UInt64, wake: Int32) throws(RedisError) -> Received {
        while true {
            if let value = try parsed() { return .value(value) }
            let now = MonotonicClock.now()
            guard now < deadline else { return .timedOut }
            var fds = [pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Self.milliseconds(until: deadline, from: now))
            if ready < 0 {
                if csystem_errno() == EINTR { continue }
                throw .io("Redis at \(peer): \(SystemError("poll"))")
            }
            if fds[1].revents != 0 { return .woken }
            if fds[0].revents != 0 { try readOnce() }
        }
    }

    private func parsed() throws(RedisError) -> RESPValue? {
        do {
            return try parser.next()
        } catch {
            throw .protocolError(error)
        }
    }

    private func write(_ bytes: [UInt8], from offset: Int) throws(RedisError) -> Int {
        let result: Result<Int, SystemError> = bytes.withUnsafeBytes { raw in
            do throws(SystemError) {
                return .success(try socket.write(UnsafeRawBufferPointer(rebasing: raw[offset...])))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let count): return count
        case .failure(let error): throw .io("writing to Redis at \(peer): \(error)")
        }
    }

    /// One `read` into the parser; end of stream is an error (replies were still due).
    private func readOnce() throws(RedisError) {
        let count: Int?
        do {
            count = try socket.read(into: buffer)
        } catch {
            throw .io("reading from Redis at \(peer): \(error)")
        }
        guard let count else { return }
        guard count > 0 else { throw .io("Redis at \(peer) closed the connection") }
        parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }

    /// Waits until `fd` is ready for `events`: true; the deadline passed: false. A readable
    /// `wake` descriptor counts as ready too.
    static func wait(for fd: Int32, events: Int32, wake: Int32, deadline: UInt64) throws(RedisError) -> Bool {
        while true {
            let now = MonotonicClock.now()
            guard now < deadline else { return false }
            var fds = [pollfd(fd: fd, events: Int16(events), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, milliseconds(until: deadline, from: now))
            if ready > 0 { return true }
            if ready < 0, csystem_errno() != EINTR { throw .io("poll: \(SystemError("poll"))") }
        }
    }

    /// Whole milliseconds to `deadline`, rounded up, for `poll`.
    static func milliseconds(until deadline: UInt64, from now: UInt64) -> Int32 {
        now >= deadline ? 0 : Int32(clamping: (deadline - now + 999_999) / 1_000_000)
    }
}
