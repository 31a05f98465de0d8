package import Foundation
import Glibc

/// A real `redis-server` (the Debian package) on 127.0.0.1, for the tests that need one: a
/// free port, a temporary `--dir`, the test's own configuration lines (`appendonly yes`,
/// `appendfsync everysec`, `user NAME on >pass ~prefix:* +@all`, `requirepass …`), stopped by
/// its PID (`SIGTERM`, or ``kill9()``) and started again on the same folder and port
/// (``restart()``). Ready means it answered `PING` over a socket (`+PONG`, or `-NOAUTH` when it
/// wants a password), not that some time passed.
///
/// Tests that need it are enabled only when `redis-server` is on `PATH`
/// (``isEnabled``), except under `CI=true`, where its absence makes them fail.
package final class RedisServerProcess: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// `redis-server`'s path on `PATH`, or nil.
    package static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/redis-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether Redis tests run: `redis-server` is on `PATH`, or `CI=true` (where a missing one fails them).
    package static var isEnabled: Bool {
        executable != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    package private(set) var port: UInt16 = 0
    /// The server's `dir` (its AOF and RDB files, `redis.conf`, `redis.log`).
    package let directory: URL
    /// The configuration lines after the harness's own (later lines win for single-valued directives).
    package let configuration: [String]
    /// The running server's PID, or nil.
    package private(set) var pid: pid_t?

    /// Starts a server (readiness included) with `configuration` lines added to its `redis.conf`.
    package init(configuration: [String] = []) throws {
        guard Self.executable != nil else {
            throw Failure("redis-server is not on PATH (CI=true requires it: apt-get install redis-server)")
        }
        directory = TemporaryFolder.make("redis")
        self.configuration = configuration
        var lastFailure = Failure("no free port")
        for _ in 0..<5 {
            port = try Self.freePort()
            do {
                try start()
                return
            } catch let failure as Failure {
                lastFailure = failure
            }
        }
        throw lastFailure
    }

    deinit { stop() }

    /// `redis://127.0.0.1:PORT` with `path` (`/2`) and `user` as given.
    package func url(user: String? = nil, database: Int = 0) -> String {
        "redis://\(user.map { "\($0)@" } ?? "")127.0.0.1:\(port)/\(database)"
    }

    /// Stops the server with `SIGTERM` (it writes its AOF and exits) and waits for it.
    package func stop() { signal(SIGTERM) }

    /// Kills the server with `SIGKILL` (no shutdown: what the AOF had on disk is what survives) and waits for it.
    package func kill9() { signal(SIGKILL) }

    /// Starts the server again on the same port and folder (after ``stop()`` or ``kill9()``).
    package func restart() throws {
        stop()
        try start()
    }

    private func signal(_ number: Int32) {
        guard let pid else { return }
        Glibc.kill(pid, number)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        self.pid = nil
    }

    private func start() throws {
        let lines = [
            "port \(port)", "bind 127.0.0.1", "dir \(directory.path)", "daemonize no", "save \"\"",
            "logfile \(directory.appendingPathComponent("redis.log").path)", "unixsocket \"\"",
        ] + configuration
        let config = directory.appendingPathComponent("redis.conf")
        try (lines.joined(separator: "\n") + "\n").write(to: config, atomically: true, encoding: .utf8)
        pid = try Self.spawn([Self.executable ?? "redis-server", config.path])
        try waitUntilReady()
    }

    /// Sends `PING` every 20 ms until the server answers one, for at most 20 s.
    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            var status: Int32 = 0
            guard let pid, waitpid(pid, &status, WNOHANG) == 0 else {
                self.pid = nil
                throw Failure("redis-server exited at start: \(logTail())")
            }
            if let answer = Self.ping(port: port), answer.hasPrefix("+PONG") || answer.hasPrefix("-NOAUTH") { return }
            usleep(20_000)
        }
        throw Failure("redis-server on port \(port) did not answer PING within 20 s: \(logTail())")
    }

    /// The last lines of `redis.log`, for a failure's message.
    package func logTail() -> String {
        let text = (try? String(contentsOf: directory.appendingPathComponent("redis.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(5).joined(separator: " | ")
    }

    /// The first line the server answers `PING` with, or nil (not listening, no answer in 1 s).
    private static func ping(port: UInt16) -> String? {
        guard let client = try? RawClient(port: port, timeout: 1) else { return nil }
        defer { client.close() }
        guard (try? client.send("PING\r\n")) != nil else { return nil }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : nil
    }

    /// Starts `arguments` with no signal blocked and default dispositions (a test's thread,
    /// a Dispatch worker's, blocks them all, and a child inherits that: `Process` would start a
    /// server that ignores `SIGTERM`), output to /dev/null.
    private static func spawn(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else { throw Failure("posix_spawn \(arguments[0]): errno \(status)") }
        return pid
    }

    /// A port the kernel had free a moment ago (bound to port 0 and closed).
    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure("bind: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }
}
