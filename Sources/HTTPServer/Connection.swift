import HTTP1
import Sockets

/// One client connection: its socket, parser, state machine and queued output.
///
/// A class because it owns a socket and lives in its loop's table; it is only
/// ever touched by that loop's thread.
///
/// So its fields skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): one
/// thread cannot overlap two accesses except through a nested mutation, which the code
/// never makes. The checks are a `swift_beginAccess` call per field access, many per
/// keep-alive request (`Benchmarks/profile.sh` shows them when they return);
/// ThreadSanitizer's CI step watches the one-thread rule they would otherwise back.
final class Connection {
    let socket: Socket
    /// The socket's descriptor, -1 once ``close()`` closed it. The loop reads this copy, not
    /// the socket's: a stored property of a class in another module (`Sockets`) is read
    /// through the runtime's exclusivity check (a `swift_beginAccess` call) despite
    /// `@exclusivity(unchecked)`, several times a request; this one is read in place. The copy
    /// stays right because sockets of connections close only through ``close()``.
    @exclusivity(unchecked) private(set) var descriptor: Int32
    /// Private behind the readers and forwarders below: a getter of a struct stored in a
    /// class gets a copy of it, so `parser.progress` would copy the whole parser; a
    /// mutating access reads it in place.
    @exclusivity(unchecked) private var parser: HTTPRequestParser
    @exclusivity(unchecked) var state: HTTPConnectionState
    /// Responses queued for the socket; large bodies by reference.
    @exclusivity(unchecked) var output = OutputQueue()
    /// After the last response of a closing connection: write side shut, input
    /// drained and discarded until EOF or this deadline.
    @exclusivity(unchecked) var lingerDeadline: UInt64?
    /// The interest set last registered with epoll, to skip redundant epoll_ctl calls.
    @exclusivity(unchecked) var registeredWritable = false
    @exclusivity(unchecked) var registeredReadable = true
    /// Input may wait in the socket unread (reading stopped before it was empty): the
    /// connection is edge-triggered, so the next interest update re-arms it.
    @exclusivity(unchecked) var unreadInput = false
    /// Tells this connection from a later one reusing its descriptor, for deferred responses.
    let serial: UInt64
    /// The request whose response was deferred and not yet delivered; nothing more is
    /// parsed or read until it is (responses go out in request order).
    @exclusivity(unchecked) var awaiting: Awaiting?

    struct Awaiting {
        var method: HTTPMethod
        var version: HTTPVersion
        var keepAlive: Bool
    }

    init(socket: Socket, limits: HTTPParserLimits, timeouts: HTTPConnectionState.Configuration, now: UInt64,
         serial: UInt64) {
        self.socket = socket
        descriptor = socket.descriptor
        self.serial = serial
        parser = HTTPRequestParser(limits: limits)
        state = HTTPConnectionState(configuration: timeouts, now: now)
    }

    /// Bytes read from the socket, for the parser.
    func append(_ bytes: UnsafeRawBufferPointer) { parser.append(bytes) }

    /// The next request parsed from the bytes so far (``HTTPRequestParser/next()``).
    func nextRequest() -> HTTPParseResult { parser.next() }

    /// Gives an answered request's field storage back to the parser for the next request.
    func recycle(_ headers: inout HTTPHeaders) { parser.recycle(&headers) }

    /// Whether the request being read asked for `100 Continue`, once.
    func takeContinueExpectation() -> Bool { parser.takeContinueExpectation() }

    /// The parser's ``HTTPRequestParser/progress``, ``HTTPRequestParser/bufferedByteCount``
    /// and ``HTTPRequestParser/rejectedRequestLine``, read in place: a getter of a struct stored
    /// in a class copies it, with a retain per stored reference; a mutating access does not.
    var parserProgress: HTTPRequestParser.Progress { Self.read(&parser) { $0.progress } }
    var parserBufferedByteCount: Int { Self.read(&parser) { $0.bufferedByteCount } }
    var rejectedRequestLine: RequestLineExcerpt? { Self.read(&parser) { $0.rejectedRequestLine } }

    private static func read<T>(_ parser: inout HTTPRequestParser, _ body: (inout HTTPRequestParser) -> T) -> T {
        body(&parser)
    }

    /// Closes the socket; ``descriptor`` is -1 from then on.
    func close() {
        socket.close()
        descriptor = -1
    }

    /// Unsent bytes, shared bodies included: what backpressure is decided on.
    var pendingOutput: Int { output.count }
}
