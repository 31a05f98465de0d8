package import Clocks
import Glibc
package import HTTP1

/// Everything the server's sockets and loops can be tuned by.
package struct HTTPServerConfiguration: Sendable {
    /// Address to listen on (`127.0.0.1`, `::1`, `0.0.0.0`).
    package var host: String
    /// Port; 0 asks the kernel for a free one.
    package var port: UInt16
    /// Event loops (threads), each with its own `SO_REUSEPORT` listener. Default:
    /// ``defaultEventLoops``.
    package var eventLoops: Int
    /// Request parsing limits (request line, header bytes and count, body).
    package var limits: HTTPParserLimits
    /// Idle, header-read, body-read and write timeouts.
    package var timeouts: HTTPConnectionState.Configuration
    /// Open connections allowed over all loops; more are accepted and closed at once.
    package var maxConnections: Int
    /// Unsent output per connection above which it stops reading requests
    /// (backpressure for pipelining clients that do not read). Small, as in
    /// NIO: bodies are queued by reference, so this bounds how many responses
    /// a connection holds, not their size.
    package var outputHighWater: Int
    /// How long a closing connection keeps draining unread input so the
    /// response is not lost to a reset.
    package var linger: Duration
    /// The loops' time (timeouts, linger, the sweep): the system's monotonic clock; tests
    /// set a manual one and advance it.
    package var clock: any NanosecondClock = SystemNanosecondClock()

    package init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        eventLoops: Int = HTTPServerConfiguration.defaultEventLoops,
        limits: HTTPParserLimits = .default,
        timeouts: HTTPConnectionState.Configuration = .init(),
        maxConnections: Int = 20_000,
        outputHighWater: Int = 64 << 10,
        linger: Duration = .seconds(2)
    ) {
        self.host = host
        self.port = port
        self.eventLoops = eventLoops
        self.limits = limits
        self.timeouts = timeouts
        self.maxConnections = maxConnections
        self.outputHighWater = outputHighWater
        self.linger = linger
    }

    /// Online processors.
    package static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// One loop per core but one, and at least one. The core left over runs what is
    /// kept off the loops (reload, bundle building, coverage, report rendering, the
    /// kernel's network work) without preempting a loop: on 2 cores shared with a load
    /// generator, one loop gave nginx-level p99 where two gave 1.6× it
    /// (docs/decisions/http-server.md, "Event loops").
    package static var defaultEventLoops: Int { max(1, coreCount - 1) }
}
