import Dispatch
import Glibc
import RedisClient
import Testing

/// ``RedisConnection`` against servers that misbehave: every call ends with a typed error
/// within its deadline, and the connection is closed (a hostile server cannot hold it).
@Suite struct RedisHostileServerTests {
    private static let timeouts = RedisTimeouts(connect: .milliseconds(500), command: .milliseconds(300))

    private func connection(_ server: FakeRedisServer, limits: RESPParser.Limits = .init()) -> RedisConnection {
        RedisConnection(endpoint: RedisEndpoint(host: "127.0.0.1", port: Int(server.port)), timeouts: Self.timeouts, limits: limits)
    }

    private func failure(_ connection: RedisConnection) -> RedisError? {
        #expect(throws: RedisError.self) { try connection.send(RedisCommand(["GET", "k"])) }
    }

    @Test("garbage (an HTTP response) is a protocol error, and the connection is closed")
    func garbage() throws {
        let server = try FakeRedisServer { fd in
            _ = FakeRedisServer.read(fd)
            FakeRedisServer.write(fd, Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8))
            FakeRedisServer.drainUntilClosed(fd)
        }
        defer { server.stop() }
        let error = failure(connection(server))
        guard case .protocolError(let parse) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(parse.code == "unknown-type")
        #expect(server.ended.wait(timeout: .now() + 10) == .success)
    }

    @Test("a 1 GB bulk length is refused from its header, and the connection is closed")
    func hugeBulk() throws {
        let server = try FakeRedisServer { fd in
            _ = FakeRedisServer.read(fd)
            FakeRedisServer.write(fd, Array("$1073741824\r\nxxxxxxxx".utf8))
            FakeRedisServer.drainUntilClosed(fd)
        }
        defer { server.stop() }
        let error = failure(connection(server))
        guard case .protocolError(let parse) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(parse.code == "bulk-too-large")
        #expect(server.ended.wait(timeout: .now() + 10) == .success)
    }

    @Test("an endless array of tiny elements is refused at the reply's cost limit")
    func endlessArray() throws {
        let server = try FakeRedisServer { fd in
            _ = FakeRedisServer.read(fd)
            guard FakeRedisServer.write(fd, Array("*1000000\r\n".utf8)) else { return }
            let chunk = [UInt8](String(repeating: ":1\r\n", count: 16_384).utf8)
            while FakeRedisServer.write(fd, chunk) {}
        }
        defer { server.stop() }
        let error = failure(connection(server, limits: .init(maxReplyBytes: 1 << 20)))
        guard case .protocolError(let parse) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(parse.code == "reply-too-large")
    }

    @Test("a server that never answers gives a timeout, then unavailable during the backoff")
    func neverAnswers() throws {
        let server = try FakeRedisServer { fd in FakeRedisServer.drainUntilClosed(fd) }
        defer { server.stop() }
        let connection = connection(server)
        #expect(failure(connection)?.code == "timeout")
        #expect(server.ended.wait(timeout: .now() + 10) == .success)
        // The backoff's clock is the system's here: 50 ms is long next to a call that does no I/O.
        #expect(failure(connection)?.code == "unavailable")
    }

    @Test("a server that dribbles a reply byte by byte is cut off at the call's deadline")
    func dribbles() throws {
        let server = try FakeRedisServer { fd in
            _ = FakeRedisServer.read(fd)
            guard FakeRedisServer.write(fd, Array("$100000\r\n".utf8)) else { return }
            while FakeRedisServer.write(fd, [0x78]) { usleep(5_000) }
        }
        defer { server.stop() }
        #expect(failure(connection(server))?.code == "timeout")
    }

    @Test("a server that closes without answering is an I/O error")
    func closesAtOnce() throws {
        let server = try FakeRedisServer { fd in _ = FakeRedisServer.read(fd) }
        defer { server.stop() }
        #expect(failure(connection(server))?.code == "io")
    }

    @Test("a RESP3 reply is a protocol error with its own code")
    func resp3() throws {
        let server = try FakeRedisServer { fd in
            _ = FakeRedisServer.read(fd)
            FakeRedisServer.write(fd, Array("%1\r\n+a\r\n+b\r\n".utf8))
            FakeRedisServer.drainUntilClosed(fd)
        }
        defer { server.stop() }
        guard case .protocolError(let parse) = failure(connection(server)) else { Issue.record("not a protocol error"); return }
        #expect(parse.code == "resp3-type")
    }

    @Test("a refused connection is a connect error")
    func refused() throws {
        let server = try FakeRedisServer { _ in }
        let port = server.port
        server.stop()
        let connection = RedisConnection(endpoint: RedisEndpoint(host: "127.0.0.1", port: Int(port)), timeouts: Self.timeouts)
        #expect(failure(connection)?.code == "connect")
    }
}

/// ``RedisSubscriber`` against servers that misbehave.
@Suite struct RedisSubscriberHostileServerTests {
    @Test("a subscribed connection that stops answering is noticed by the keepalive PING, and the subscriber subscribes again")
    func silentServer() throws {
        let confirmation = Array("*3\r\n$9\r\nsubscribe\r\n$9\r\nls:reload\r\n:1\r\n".utf8)
        let server = try FakeRedisServer { fd in
            _ = FakeRedisServer.read(fd)
            FakeRedisServer.write(fd, confirmation)
            FakeRedisServer.drainUntilClosed(fd)
        }
        defer { server.stop() }
        let events = SubscriberEvents()
        let subscriber = RedisSubscriber(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: Int(server.port)), channel: "ls:reload",
            timeouts: RedisTimeouts(command: .milliseconds(200)), keepalive: .milliseconds(100),
            onMessage: { events.record(.message($0)) }, onState: { events.record(.state($0)) })
        subscriber.start()
        defer { subscriber.stop() }
        #expect(events.wait(forCount: 3) == [.state(true), .state(false), .state(true)])
    }

    @Test("garbage instead of a SUBSCRIBE confirmation never reports subscribed, and stop() still returns")
    func garbage() throws {
        let server = try FakeRedisServer { fd in
            _ = FakeRedisServer.read(fd)
            FakeRedisServer.write(fd, Array("$1073741824\r\n".utf8))
            FakeRedisServer.drainUntilClosed(fd)
        }
        defer { server.stop() }
        let events = SubscriberEvents()
        let subscriber = RedisSubscriber(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: Int(server.port)), channel: "ls:reload",
            onMessage: { events.record(.message($0)) }, onState: { events.record(.state($0)) })
        subscriber.start()
        // Two connections ended: the first refused, and the retry after the backoff too.
        #expect(server.ended.wait(timeout: .now() + 20) == .success)
        #expect(server.ended.wait(timeout: .now() + 20) == .success)
        subscriber.stop()
        #expect(events.all.isEmpty)
    }
}
