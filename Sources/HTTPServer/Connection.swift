import HTTP1

/// One client connection: its socket, parser, state machine and queued output.
///
/// A class because it owns a socket and lives in its loop's table; it is only
/// ever touched by that loop's thread.
final class Connection {
    let socket: Socket
    var parser: HTTPRequestParser
    var state: HTTPConnectionState
    /// Responses queued for the socket; large bodies by reference.
    var output = OutputQueue()
    /// After the last response of a closing connection: write side shut, input
    /// drained and discarded until EOF or this deadline.
    var lingerDeadline: UInt64?
    /// The interest set last registered with epoll, to skip redundant epoll_ctl calls.
    var registeredWritable = false
    var registeredReadable = true
    /// Tells this connection from a later one reusing its descriptor, for deferred responses.
    let serial: UInt64
    /// The request whose response was deferred and not yet delivered; nothing more is
    /// parsed or read until it is (responses go out in request order).
    var awaiting: Awaiting?

    struct Awaiting {
        var method: HTTPMethod
        var version: HTTPVersion
        var keepAlive: Bool
    }

    init(socket: Socket, limits: HTTPParserLimits, timeouts: HTTPConnectionState.Configuration, now: UInt64,
         serial: UInt64) {
        self.socket = socket
        self.serial = serial
        parser = HTTPRequestParser(limits: limits)
        state = HTTPConnectionState(configuration: timeouts, now: now)
    }

    /// Unsent bytes, shared bodies included: what backpressure is decided on.
    var pendingOutput: Int { output.count }
}
