import BackgroundWork
import Clocks
import RedisClient
import TestSupport
import Testing

/// ``RedisConnection`` against a real `redis-server` started on loopback for each test.
@Suite(.enabled(if: RedisServerProcess.isEnabled, "redis-server is not on PATH"))
struct RedisConnectionTests {
    @Test("a pipeline of SET, GET, HINCRBY and EVAL gets every reply in order in one call")
    func pipelineRepliesInOrder() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: try RedisEndpoint(url: server.url(), password: nil))
        let script = "redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2]); return redis.call('HGETALL', KEYS[1])"
        let replies = try connection.pipeline([
            RedisCommand(["SET", "ls:a", "1"]),
            RedisCommand(["GET", "ls:a"]),
            RedisCommand(["GET", "ls:missing"]),
            RedisCommand(["HINCRBY", "ls:h", "n", "5"]),
            RedisCommand(["EVAL", script, "1", "ls:h", "n", "2"]),
            RedisCommand(["HGET", "ls:a", "x"]),
        ])
        #expect(replies.count == 6)
        #expect(replies[0] == .simple("OK"))
        #expect(replies[1] == .bulk(Array("1".utf8)))
        #expect(replies[2] == .bulk(nil))
        #expect(replies[3] == .integer(5))
        #expect(replies[4] == .array([.bulk(Array("n".utf8)), .bulk(Array("7".utf8))]))
        #expect(replies[5].errorKind == "WRONGTYPE")
        // The connection stays usable after an error reply.
        #expect(try connection.send(RedisCommand(["INCR", "ls:a"])) == .integer(2))
    }

    @Test("values are binary-safe: NUL, bytes that are not UTF-8, and byte lengths of non-ASCII text")
    func valuesAreBinarySafe() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: try RedisEndpoint(url: server.url(), password: nil))
        let binary: [UInt8] = [0, 0xFF, 0xFE, 13, 10, 0x24, 0x2A, 0]
        let replies = try connection.pipeline([
            RedisCommand(bytes: [Array("SET".utf8), [0x6B, 0], binary]),
            RedisCommand(bytes: [Array("GET".utf8), [0x6B, 0]]),
            RedisCommand(["SET", "Mürren", "Mürren"]),
            RedisCommand(["STRLEN", "Mürren"]),
            RedisCommand(["GET", "Mürren"]),
        ])
        #expect(replies[1] == .bulk(binary))
        #expect(replies[3] == .integer(7))
        #expect(replies[4].text == "Mürren")
    }

    @Test("an ACL user logs in with the right password and is refused with the wrong one, without the password in the error")
    func aclLogin() throws {
        let server = try RedisServerProcess(configuration: ["user writer on >s3cret-pass ~ls:* +@all", "user default off"])
        let right = RedisConnection(endpoint: try RedisEndpoint(url: server.url(user: "writer"), password: "s3cret-pass"))
        #expect(try right.send(RedisCommand(["SET", "ls:k", "v"])) == .simple("OK"))

        let wrong = RedisConnection(endpoint: try RedisEndpoint(url: server.url(user: "writer"), password: "not-the-pass"))
        let error = #expect(throws: RedisError.self) { try wrong.send(RedisCommand(["GET", "ls:k"])) }
        #expect(error?.code == "authentication")
        #expect(error.map { "\($0)".contains("not-the-pass") } == false)
        #expect(error.map { "\($0)".contains("WRONGPASS") } == true)
    }

    @Test("a user without permission for a key gets NOPERM as an error value; one without a password gets an authentication error")
    func permissions() throws {
        let server = try RedisServerProcess(configuration: ["user writer on >pw ~ls:* +@all -@dangerous", "user default off"])
        let connection = RedisConnection(endpoint: try RedisEndpoint(url: server.url(user: "writer"), password: "pw"))
        let replies = try connection.pipeline([RedisCommand(["SET", "other:k", "v"]), RedisCommand(["SET", "ls:k", "v"])])
        #expect(replies[0].errorKind == "NOPERM")
        #expect(replies[1] == .simple("OK"))

        let anonymous = RedisConnection(endpoint: try RedisEndpoint(url: server.url(), password: nil))
        let error = #expect(throws: RedisError.self) { try anonymous.send(RedisCommand(["GET", "ls:k"])) }
        #expect(error?.code == "authentication")
    }

    @Test("requirepass: AUTH with the password alone")
    func requirePass() throws {
        let server = try RedisServerProcess(configuration: ["requirepass hunter2"])
        let connection = RedisConnection(endpoint: try RedisEndpoint(url: server.url(), password: "hunter2"))
        #expect(try connection.send(RedisCommand(["PING"])) == .simple("PONG"))
    }

    @Test("SELECT keeps databases apart, on every connect")
    func selectIsolatesDatabases() throws {
        let server = try RedisServerProcess()
        let one = RedisConnection(endpoint: try RedisEndpoint(url: server.url(database: 1), password: nil))
        let two = RedisConnection(endpoint: try RedisEndpoint(url: server.url(database: 2), password: nil))
        _ = try one.send(RedisCommand(["SET", "k", "one"]))
        _ = try two.send(RedisCommand(["SET", "k", "two"]))
        one.close()
        #expect(try one.send(RedisCommand(["GET", "k"])).text == "one")
        #expect(try two.send(RedisCommand(["GET", "k"])).text == "two")

        let missing = RedisConnection(endpoint: try RedisEndpoint(url: server.url(database: 99), password: nil))
        let error = #expect(throws: RedisError.self) { try missing.send(RedisCommand(["GET", "k"])) }
        #expect(error?.code == "database")
    }

    @Test("a killed server gives a typed error, then unavailable during the backoff, then works again after a restart")
    func reconnectsAfterRestart() throws {
        let server = try RedisServerProcess()
        let clock = ManualClock()
        let connection = RedisConnection(endpoint: try RedisEndpoint(url: server.url(), password: nil), clock: clock)
        _ = try connection.send(RedisCommand(["SET", "k", "v"]))
        server.kill9()

        let first = #expect(throws: RedisError.self) { try connection.send(RedisCommand(["GET", "k"])) }
        #expect(first?.code == "connect")
        let during = #expect(throws: RedisError.self) { try connection.send(RedisCommand(["GET", "k"])) }
        #expect(during?.code == "unavailable")
        clock.advance(by: .milliseconds(50))
        let second = #expect(throws: RedisError.self) { try connection.send(RedisCommand(["GET", "k"])) }
        #expect(second?.code == "connect")
        // The second failure in a row waits twice as long: 50 ms is not enough now.
        clock.advance(by: .milliseconds(50))
        #expect(connection.isBackingOff)
        clock.advance(by: .milliseconds(50))
        #expect(!connection.isBackingOff)

        try server.restart()
        #expect(try connection.send(RedisCommand(["PING"])) == .simple("PONG"))
        #expect(!connection.isBackingOff)
    }

    @Test("a server restarted between calls is reconnected to without an error (the dead socket is noticed before writing)")
    func staleConnectionIsReplaced() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: try RedisEndpoint(url: server.url(), password: nil))
        _ = try connection.send(RedisCommand(["PING"]))
        try server.restart()
        #expect(try connection.send(RedisCommand(["PING"])) == .simple("PONG"))
    }
}

/// ``RedisConnection`` under load: large pipelines and values, and several threads at once.
@Suite(.enabled(if: RedisServerProcess.isEnabled, "redis-server is not on PATH"))
struct RedisConnectionLoadTests {
    @Test("20,000 commands in one pipeline and a 4 MiB value: written while replies are read, nothing out of step")
    func largePipeline() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: try RedisEndpoint(url: server.url(), password: nil),
                                         timeouts: RedisTimeouts(command: .seconds(30)))
        let replies = try connection.pipeline((0..<20_000).map { RedisCommand(["INCR", "ls:\($0 % 7)"]) })
        #expect(replies.count == 20_000)
        #expect(replies.last == .integer(Int64(20_000 / 7 + (19_999 % 7 < 20_000 % 7 ? 1 : 0))))
        let value = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let big = try connection.pipeline([
            RedisCommand(bytes: [Array("SET".utf8), Array("ls:big".utf8), value]), RedisCommand(["GET", "ls:big"]),
        ])
        #expect(big[1] == .bulk(value))
    }

    @Test("calls from several threads at once each get their own replies")
    func concurrentCalls() async throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: try RedisEndpoint(url: server.url(), password: nil))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for round in 0..<100 {
                        let replies = try connection.pipeline([
                            RedisCommand(["SET", "ls:w\(worker)", "\(round)"]), RedisCommand(["GET", "ls:w\(worker)"]),
                            RedisCommand(["INCR", "ls:total"]),
                        ])
                        #expect(replies[1].text == "\(round)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try connection.send(RedisCommand(["GET", "ls:total"])).text == "400")
    }

    @Test("a call on an event loop's thread stops the process (it blocks)")
    func refusedOnEventLoop() async {
        await #expect(processExitsWith: .failure) {
            EventLoopThread.markCurrent()
            _ = try? RedisConnection(endpoint: RedisEndpoint(host: "127.0.0.1", port: 1)).pipeline([RedisCommand(["PING"])])
        }
    }
}
