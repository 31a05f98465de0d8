import BackgroundWork
import CLabelSystem
import Clocks
import Glibc
import HTTP1
import Sockets
import Synchronization

/// One thread's epoll loop: its own listener (`SO_REUSEPORT`) and connections.
///
/// Everything here runs on the loop's thread; other threads only reach it
/// through ``EventLoopHandle`` (stop flag + eventfd wake-up).
final class EventLoop {
    private static let listenerToken = UInt64.max - 1

    private let epoll: Epoll
    private let listener: Socket
    private let responder: any HTTPResponder
    /// ``HTTPResponder/fieldsOnEveryResponse``, read once.
    private let everyResponse: EncodedFields
    private let configuration: HTTPServerConfiguration
    private let handle: EventLoopHandle
    private let connectionCount: ConnectionCounter
    private let statistics: LoopStatistics
    private let log: RateLimitedLog?
    private let clock: any NanosecondClock
    // Only this loop's thread touches these: no runtime exclusivity checks (see ``Connection``).
    @exclusivity(unchecked) private var connections = ConnectionTable()
    @exclusivity(unchecked) private var readBuffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var date: [UInt8] = []
    @exclusivity(unchecked) private var dateSecond: Int64 = -1
    @exclusivity(unchecked) private var accepting = true
    @exclusivity(unchecked) private var nextSweep: UInt64 = 0
    @exclusivity(unchecked) private var nextSerial: UInt64 = 0

    init(listener: Socket, responder: any HTTPResponder, configuration: HTTPServerConfiguration,
         handle: EventLoopHandle, connectionCount: ConnectionCounter, statistics: LoopStatistics,
         log: RateLimitedLog?) throws(SystemError) {
        self.epoll = try Epoll()
        self.listener = listener
        self.responder = responder
        everyResponse = responder.fieldsOnEveryResponse
        self.configuration = configuration
        self.handle = handle
        self.connectionCount = connectionCount
        self.statistics = statistics
        self.log = log
        clock = configuration.clock
        readBuffer = .allocate(byteCount: 64 << 10, alignment: 16)
        try epoll.add(listener.descriptor, token: Self.listenerToken, writable: false)
        handle.attach(epoll)
    }

    deinit { readBuffer.deallocate() }

    /// Runs until stopped and every connection has finished (graceful shutdown).
    func run() {
        // Blocking code checks the mark (``EventLoopThread/assertNotCurrent(_:)``).
        EventLoopThread.markCurrent()
        defer { EventLoopThread.unmarkCurrent() }
        while true {
            let now = clock.now()
            if handle.isStopping && accepting { beginShutdown(now: now) }
            if !accepting && connections.isEmpty { break }
            let timeout = Int32(clamping: nextSweep > now ? (nextSweep - now) / 1_000_000 + 1 : 0)
            // The events of one wait share one reading of the clocks (the loop's and the
            // `Date` second): a read of each per request was the loop's costliest call
            // after retain and release (`perf`, the launch 304).
            var woke: UInt64?
            do {
                try epoll.wait(timeoutMilliseconds: min(timeout, 250)) { event in
                    let now = woke ?? self.wake()
                    woke = now
                    self.handle(event, now: now)
                }
            } catch {
                // epoll_wait failing is not recoverable for this loop.
                break
            }
            let after = clock.now()
            if after >= nextSweep {
                refreshDate()
                sweep(now: after)
                nextSweep = after + 100_000_000
            }
        }
        for connection in connections.all { close(connection) }
        listener.close()
    }

    /// The clock read once per wait, and the `Date` value brought up to it.
    private func wake() -> UInt64 {
        refreshDate()
        return clock.now()
    }

    private func handle(_ event: Epoll.Event, now: UInt64) {
        switch event.token {
        case Epoll.wakeToken:
            deliverCompletions()
        case Self.listenerToken:
            acceptConnections()
        default:
            guard let connection = connections[Int32(truncatingIfNeeded: event.token)] else { return }
            if connection.awaiting != nil {
                // Not reading while a deferred response is pending; a hang-up means
                // nobody is left to receive it (and would otherwise fire level-triggered).
                if event.hangup { close(connection); return }
                // Its input stays unread, and edge-triggered epoll will not say so again.
                if event.readable { connection.unreadInput = true }
                if event.writable { flush(connection, now: now) }
                return
            }
            if event.readable || event.hangup {
                readable(connection, peerClosed: event.peerClosed || event.hangup, now: now)
            }
            if connections[connection.descriptor] != nil, event.writable { flush(connection, now: now) }
        }
    }

    // MARK: Accepting

    private func acceptConnections() {
        guard accepting else { return }
        // Accept a bounded batch so one busy listener cannot starve connections.
        for _ in 0..<64 {
            let socket: Socket?
            do {
                socket = try listener.accept()
            } catch {
                // EMFILE/ENFILE: out of descriptors. The listener stays readable;
                // the sweep retries, so the loop does not spin on it.
                log?.log { "cannot accept connections: \(error); pausing accepts for 100 ms (\(connections.count) open on this loop; raise `ulimit -n` or lower --max-connections)" }
                pauseAccepting()
                return
            }
            guard let socket else { return }
            guard connectionCount.tryIncrement(limit: configuration.maxConnections) else {
                socket.close()
                continue
            }
            let now = clock.now()
            nextSerial += 1
            let connection = Connection(socket: socket, limits: configuration.limits,
                                        timeouts: configuration.timeouts, now: now, serial: nextSerial)
            do {
                try epoll.add(socket.descriptor, token: UInt64(UInt32(bitPattern: socket.descriptor)), writable: false,
                              edgeTriggered: true)
                connections.insert(connection)
            } catch {
                connection.close()
                connectionCount.decrement()
            }
        }
    }

    @exclusivity(unchecked) private var acceptPausedUntil: UInt64?

    private func pauseAccepting() {
        epoll.remove(listener.descriptor)
        acceptPausedUntil = clock.now() + 100_000_000
    }

    // MARK: Reading and answering

    /// Reads and answers what a connection sent.
    ///
    /// Connections are edge-triggered: epoll reports input when it arrives, not while it
    /// waits. So a readable event is read until the socket is empty (a read shorter than
    /// the buffer, or none; with `peerClosed`, until the end: a FIN queued behind the data
    /// of a short read brings no event of its own), and a connection that stops early (output above the
    /// high-water mark, a deferred answer) leaves the interest set (``updateInterest(_:)``);
    /// putting it back makes the kernel report what arrived meanwhile. Edge-triggered, one
    /// `epoll_wait` lists sockets in the order their input came; level-triggered epoll
    /// queued every reported socket again at once, and a busy loop answered some
    /// connections a whole round late (the launch 304's p95 at 64 connections, above
    /// nginx's; docs/decisions/http-server.md).
    private func readable(_ connection: Connection, peerClosed: Bool, now: UInt64) {
        if connection.lingerDeadline != nil {
            drainLingering(connection)
            return
        }
        var sawEnd = false
        // Whether the socket was read empty; if not, `unreadInput` has the next update
        // of its interest re-arm it.
        var emptied = false
        // Read what is there now, but stop once enough output is queued
        // (a pipelining client that does not read its responses).
        while connection.pendingOutput < configuration.outputHighWater && connection.awaiting == nil {
            let count: Int?
            do {
                count = try connection.socket.read(into: readBuffer)
            } catch {
                close(connection)
                return
            }
            guard let count else {
                emptied = true
                break
            }
            if count == 0 {
                sawEnd = true
                emptied = true
                break
            }
            connection.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            guard processRequests(connection, now: now) else { break }
            if count < readBuffer.count && !peerClosed {
                emptied = true
                break
            }
        }
        if !emptied { connection.unreadInput = true }
        if sawEnd {
            if apply(connection.state.inputClosed(now: now), to: connection, now: now) { return }
        }
        flush(connection, now: now)
    }

    /// Answers every complete request buffered; false once the connection stops reading.
    private func processRequests(_ connection: Connection, now: UInt64) -> Bool {
        defer {
            // Requests are waiting but the client is not reading its responses:
            // they stay unparsed (and the socket unread) until output drains.
            if connection.pendingOutput >= configuration.outputHighWater && connection.parserBufferedByteCount > 0 {
                statistics.readPauses.add(1, ordering: .relaxed)
            }
        }
        while connection.pendingOutput < configuration.outputHighWater && connection.awaiting == nil {
            switch connection.nextRequest() {
            case .request(var request):
                let keepAlive = connection.state.beginResponse(to: request, now: now)
                let context = HTTPRequestContext(handle: handle, descriptor: connection.descriptor,
                                                 serial: connection.serial)
                let deferralsBefore = handle.deferralCount
                guard let response = responder.respond(to: request, context: context) else {
                    connection.awaiting = Connection.Awaiting(method: request.method, version: request.version,
                                                              keepAlive: keepAlive)
                    if handle.deferralCount == deferralsBefore {
                        // A responder bug (nil without a promise) must not hang the client.
                        deliver(HTTPResponse(status: .internalServerError), to: connection)
                    }
                    return false
                }
                queue(response, on: connection, requestMethod: request.method, requestVersion: request.version,
                      keepAlive: keepAlive)
                connection.recycle(&request.headers)   // answered: its field storage serves the next
                if !keepAlive { return false }
            case .needMoreData:
                // The parser learns of `Expect: 100-continue` while parsing the
                // head, so the interim response can only be decided here.
                if connection.takeContinueExpectation() {
                    connection.output.appendOwned { $0 += HTTPResponseEncoder.continueResponse }
                }
                let action = connection.state.parserWaiting(progress: connection.parserProgress, now: now)
                return !apply(action, to: connection, now: now)
            case .error(let error):
                connection.state.beginErrorResponse(now: now)
                // Smuggling attempts and broken clients never reach the access log: say so here.
                // With its request line as received, escaped and cut (`RequestLineExcerpt`), as
                // nginx logs `$request`: what was attacked, without letting it forge log lines.
                log?.log {
                    let line = connection.rejectedRequestLine.map { "; request \($0)" } ?? ""
                    return "rejected a request from \(connection.socket.peerName ?? "?"): \(error)\(line)"
                }
                queue(responder.respond(to: error), on: connection, keepAlive: false)
                return false
            }
        }
        return true
    }

    // MARK: Deferred responses

    /// Writes the responses finished on other threads (woken through the eventfd).
    private func deliverCompletions() {
        for completion in handle.takeCompletions() {
            guard let connection = connections[completion.descriptor], connection.serial == completion.serial,
                  connection.awaiting != nil else { continue }   // closed meanwhile: dropped
            deliver(completion.response, to: connection)
        }
    }

    private func deliver(_ response: HTTPResponse, to connection: Connection) {
        guard let awaiting = connection.awaiting else { return }
        connection.awaiting = nil
        queue(response, on: connection,
              requestMethod: awaiting.method, requestVersion: awaiting.version, keepAlive: awaiting.keepAlive)
        let now = clock.now()
        // Pipelined requests held back behind the deferred one.
        if awaiting.keepAlive, connection.parserBufferedByteCount > 0, connection.state.phase != .closing {
            _ = processRequests(connection, now: now)
        }
        if connections[connection.descriptor] != nil { flush(connection, now: now) }
    }

    /// Carries out a state-machine action; true when the connection is gone or closing.
    @discardableResult
    private func apply(_ action: HTTPConnectionState.Action, to connection: Connection, now: UInt64) -> Bool {
        switch action {
        case .none:
            return false
        case .close:
            close(connection)
            return true
        case .timedOut(let timeout):
            queue(responder.respond(to: timeout), on: connection, keepAlive: false)
            flush(connection, now: now)
            return true
        }
    }

    // MARK: Writing

    /// Encodes the head and queues the body by reference (see ``OutputQueue``).
    private func queue(_ response: HTTPResponse, on connection: Connection, requestMethod: HTTPMethod = .get,
                       requestVersion: HTTPVersion = .http1_1, keepAlive: Bool) {
        var sendsBody = false
        let date = self.date
        connection.output.appendOwned { out in
            sendsBody = HTTPResponseEncoder.encodeHead(response, into: &out, requestMethod: requestMethod,
                                                      requestVersion: requestVersion, keepAlive: keepAlive, date: date,
                                                      everyResponse: everyResponse)
        }
        if sendsBody { connection.output.append(body: response.body) }
    }

    /// Writes queued chunks until the socket is full or the queue is empty; says how
    /// many bytes went out and whether the queue is now empty.
    private func writeQueued(_ connection: Connection) throws(SystemError) -> (written: Int, drained: Bool) {
        var total = 0
        while true {
            let written = try connection.output.withFirst { (bytes, more) throws(SystemError) -> (Int, Int, Bool) in
                (try connection.socket.write(bytes, more: more), bytes.count, more)
            }
            guard let (count, wanted, more) = written else { return (total, true) }
            connection.output.consume(count)
            total += count
            if count < wanted { return (total, false) }
            // The last chunk went out whole: no second look at the queue (one access check less).
            if !more { return (total, true) }
        }
    }

    private func flush(_ connection: Connection, now: UInt64) {
        if connection.pendingOutput > 0 {
            let written: Int
            let drained: Bool
            do {
                (written, drained) = try writeQueued(connection)
            } catch {
                close(connection)
                return
            }
            if !drained {
                if written > 0 { connection.state.outputProgressed(now: now) }
                updateInterest(connection)
                return
            }
            if connection.state.isWriting && connection.awaiting == nil {
                switch connection.state.outputDrained(now: now) {
                case .close:
                    lingeringClose(connection, now: now)
                    return
                default:
                    break
                }
            }
            // Output drained below the high-water mark: parse what was held back.
            if connection.parserBufferedByteCount > 0, connection.state.phase != .closing, connection.awaiting == nil {
                _ = processRequests(connection, now: now)
                if connections[connection.descriptor] != nil, connection.pendingOutput > 0 {
                    flush(connection, now: now)
                    return
                }
            }
        } else if connection.state.isWriting, connection.awaiting == nil,
                  case .close = connection.state.outputDrained(now: now) {
            lingeringClose(connection, now: now)
            return
        }
        guard connections[connection.descriptor] != nil else { return }
        updateInterest(connection)
    }

    /// Registers what the connection waits for: output to drain, input to read. Input left
    /// unread while reading was paused gets a fresh edge once the connection reads again:
    /// the change (or, when the registered set is the same, the forced re-arm) makes the
    /// kernel check the socket and report what waits there.
    private func updateInterest(_ connection: Connection) {
        let writable = connection.pendingOutput > 0
        let readable = connection.pendingOutput < configuration.outputHighWater && connection.awaiting == nil
        let rearm = readable && connection.unreadInput
        guard rearm || writable != connection.registeredWritable || readable != connection.registeredReadable else { return }
        if readable { connection.unreadInput = false }
        connection.registeredWritable = writable
        connection.registeredReadable = readable
        try? epoll.modify(connection.descriptor, token: UInt64(UInt32(bitPattern: connection.descriptor)),
                          writable: writable, readable: readable)
    }

    // MARK: Closing

    /// Half-closes and drains input briefly, so that request bytes the server
    /// will never read do not turn the close into a reset that destroys the
    /// response still in flight.
    private func lingeringClose(_ connection: Connection, now: UInt64) {
        connection.socket.shutdownWrite()
        connection.lingerDeadline = now + configuration.linger.saturatingNanoseconds
        connection.registeredWritable = false
        connection.registeredReadable = true
        try? epoll.modify(connection.descriptor, token: UInt64(UInt32(bitPattern: connection.descriptor)),
                          writable: false, readable: true)
        drainLingering(connection)
    }

    private func drainLingering(_ connection: Connection) {
        while true {
            let result: Int?
            do {
                result = try connection.socket.read(into: readBuffer)
            } catch {
                close(connection)
                return
            }
            guard let count = result else { return }   // nothing more now: wait for EOF or the deadline
            if count == 0 {
                close(connection)
                return
            }
        }
    }

    private func close(_ connection: Connection) {
        let descriptor = connection.descriptor
        guard connections.remove(descriptor) else { return }
        epoll.remove(descriptor)
        connection.close()
        connectionCount.decrement()
    }

    // MARK: Timers and shutdown

    private func sweep(now: UInt64) {
        if let until = acceptPausedUntil, now >= until, accepting {
            acceptPausedUntil = nil
            try? epoll.add(listener.descriptor, token: Self.listenerToken, writable: false)
        }
        var pending = 0
        var owned = 0
        let open = connections.all
        for connection in open {
            pending += connection.pendingOutput
            owned += connection.output.ownedBytes
        }
        statistics.pendingOutputBytes.store(pending, ordering: .relaxed)
        statistics.ownedOutputBytes.store(owned, ordering: .relaxed)
        for connection in open where connections[connection.descriptor] === connection {
            if let deadline = connection.lingerDeadline {
                if now >= deadline { close(connection) }
                continue
            }
            if let deadline = connection.state.nextDeadline, now >= deadline {
                apply(connection.state.checkTimeouts(now: now), to: connection, now: now)
            }
        }
        statistics.lastSweep.store(now, ordering: .releasing)
    }

    private func beginShutdown(now: UInt64) {
        accepting = false
        epoll.remove(listener.descriptor)
        listener.close()
        for connection in connections.all where connection.lingerDeadline == nil {
            if case .close = connection.state.beginShutdown(now: now) { close(connection) }
        }
    }

    /// Brings the `Date` value up to the wall clock's second, formatted once per second:
    /// when the loop wakes with events, and before its sweep (which may answer timeouts).
    private func refreshDate() {
        let second = WallClock.unixSeconds()
        if second != dateSecond {
            dateSecond = second
            date = IMFFixdate.bytes(unixSeconds: second)
        }
    }
}
