package import BackgroundWork
import Dispatch
import Foundation
package import HTTP1
package import PeerClient
package import Sockets
import Synchronization

/// The other replicas (`--peers`) and the calls to them.
///
/// Membership comes only from configuration: endpoints resolved again every
/// ``refreshInterval`` (a headless Service's name yields every ready pod). This replica
/// recognizes itself by its instance id, which every fleet-aware response carries in
/// ``instanceHeader``: an address answering with our id is ours and never called again.
/// Each fan-out runs on a thread of its own (never an event loop, never waiting for a
/// shared pool), all peers at once, under a deadline counted from the request's arrival.
package final class Fleet: Sendable {
    /// The response header carrying a replica's instance id.
    package static let instanceHeader: HTTPField.Name = "Label-Server-Instance"
    /// The response header listing the peers left out of a fleet answer.
    package static let partialHeader: HTTPField.Name = "Label-Server-Partial"
    /// Most bytes one peer's answer may have.
    static let maximumResponseBytes = 32 << 20
    /// Fleet reads in flight at once; more are answered 503 so a burst cannot pile up threads.
    static let maximumConcurrentFanOuts = 16
    /// Fleet writes (admin only) in flight at once, in slots of their own: reads, which
    /// anyone may send, never take them, so readers hanging on a stuck peer cannot lock
    /// the admin's reload out.
    static let maximumConcurrentWrites = 4

    /// Which slots a fan-out takes.
    enum SlotKind: Sendable {
        case read, write
    }

    /// A peer left out of a fleet answer, and why (shown in JSON as `leftOut`).
    struct LeftOut: Sendable, Hashable {
        /// `host:port` (or the name that resolved to nothing).
        var peer: String
        var reason: String
    }

    /// Random, fixed for the life of the process.
    package let instanceID: String
    package let endpoints: [PeerEndpoint]
    /// Per call, reads; writes get at least 10 s (a reload takes its time).
    package let timeout: Duration
    package let refreshInterval: Duration
    package let metrics = PeerMetrics()
    let adminToken: String?
    private let resolve: @Sendable (String, UInt16) -> [SocketAddress]
    private let members = Guarded(Members())
    /// Resolves the endpoints again every ``refreshInterval``.
    private let refresher: PeriodicTask
    private let readsInFlight = Atomic<Int>(0)
    private let writesInFlight = Atomic<Int>(0)

    struct Members {
        /// Per endpoint, its addresses at the last resolution.
        var resolved: [PeerEndpoint: [SocketAddress]] = [:]
        var selves: Set<SocketAddress> = []
        var refreshed = false
    }

    /// One peer's part of a fleet call.
    package struct Outcome: Sendable {
        /// `host:port` as shown in reports (an endpoint that resolved to nothing shows its name).
        package var peer: String
        /// nil for an endpoint that resolved to nothing.
        package var address: SocketAddress?
        package var result: Result<HTTPReceivedResponse, HTTPClient.Failure>?
    }

    /// The time a peer has to answer a fleet read (`--peer-timeout`).
    package static let defaultTimeout: Duration = .seconds(1)

    package convenience init(endpoints: [PeerEndpoint], timeout: Duration = defaultTimeout, refreshInterval: Duration = .seconds(5),
                adminToken: String?,
                instanceID: String = Fleet.randomInstanceID(),
                resolve: @escaping @Sendable (String, UInt16) -> [SocketAddress] = AddressResolver.resolve(host:port:)) {
        self.init(endpoints: endpoints, timeout: timeout, refreshInterval: refreshInterval, adminToken: adminToken,
                  instanceID: instanceID, resolve: resolve, refreshClock: DispatchPeriodicClock())
    }

    /// `refreshClock`: what the refresh ticks come from (a test's manual clock).
    package init(endpoints: [PeerEndpoint], timeout: Duration = defaultTimeout, refreshInterval: Duration = .seconds(5),
                 adminToken: String?, instanceID: String = Fleet.randomInstanceID(),
                 resolve: @escaping @Sendable (String, UInt16) -> [SocketAddress] = AddressResolver.resolve(host:port:),
                 refreshClock: any PeriodicClock) {
        refresher = PeriodicTask(label: "label-server.fleet-refresh", clock: refreshClock)
        self.endpoints = endpoints
        self.timeout = timeout
        self.refreshInterval = refreshInterval
        self.adminToken = adminToken.flatMap { $0.isEmpty ? nil : $0 }
        self.instanceID = instanceID
        self.resolve = resolve
    }

    static func randomInstanceID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Marks the address this replica listens on as itself (when it is a specific one).
    package func noteListening(on address: SocketAddress) {
        members.withLock { _ = $0.selves.insert(address) }
    }

    /// Resolves every endpoint now.
    package func refresh() {
        var resolved: [PeerEndpoint: [SocketAddress]] = [:]
        for endpoint in endpoints { resolved[endpoint] = Array(resolve(endpoint.host, endpoint.port).prefix(PeerEndpoint.maximumCount)) }
        let count = members.withLock { members in
            members.resolved = resolved
            members.refreshed = true
            return Set(resolved.values.joined()).subtracting(members.selves).count
        }
        metrics.setPeers(count)
    }

    /// Resolves now and then every ``refreshInterval``, all in the background (DNS may be
    /// slow: the caller never waits for it). Does nothing when already refreshing.
    package func startRefreshing() {
        guard !refresher.isScheduled else { return }
        refresher.start(every: refreshInterval, immediately: true) { [weak self] in
            self?.refresh()
        }
    }

    /// Stops the refreshing without waiting for a resolution under way (DNS may hang; nothing
    /// is lost by leaving it at shutdown).
    package func stop() { refresher.cancel() }

    /// The peers to call: every resolved address but ours, and the endpoints that resolved
    /// to nothing (reported unreachable by name).
    func targets() -> (addresses: [SocketAddress], unresolved: [String]) {
        // A call right after start may come before the first background resolution.
        if !members.withLock({ $0.refreshed }) { refresh() }
        return members.withLock { members in
            var addresses: [SocketAddress] = []
            var unresolved: [String] = []
            for endpoint in endpoints {
                let list = members.resolved[endpoint] ?? []
                if list.isEmpty && !members.selves.contains(where: { endpoint.description == $0.description }) {
                    unresolved.append(endpoint.description)
                }
                for address in list where !members.selves.contains(address) && !addresses.contains(address) {
                    addresses.append(address)
                }
            }
            return (Array(addresses.prefix(PeerEndpoint.maximumCount)), unresolved)
        }
    }

    /// Takes a slot for a fan-out; false when that kind's slots are all taken.
    func begin(_ kind: SlotKind) -> Bool {
        switch kind {
        case .read: Self.take(readsInFlight, limit: Self.maximumConcurrentFanOuts)
        case .write: Self.take(writesInFlight, limit: Self.maximumConcurrentWrites)
        }
    }

    func end(_ kind: SlotKind) {
        switch kind {
        case .read: readsInFlight.subtract(1, ordering: .relaxed)
        case .write: writesInFlight.subtract(1, ordering: .relaxed)
        }
    }

    private static func take(_ counter: borrowing Atomic<Int>, limit: Int) -> Bool {
        // `add` answers (old, new): the new count is the one to compare with the limit.
        let (_, now) = counter.add(1, ordering: .relaxed)
        if now > limit {
            counter.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Runs one fan-out on a thread of its own. Its slot bounds the threads; a shared
    /// dispatch pool (as wide as the cores) would make fan-outs wait for each other past
    /// their deadline.
    func run(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.name = "label-server.fleet"
        thread.start()
    }

    /// Sends one request to every peer at once (blocking this thread up to `deadline`,
    /// ``MonotonicClock`` nanoseconds: a deadline passed already connects to nobody).
    ///
    /// - Parameters:
    ///   - target: origin-form target, always with `scope=local` so a peer never fans out again.
    ///   - admin: send `Authorization: Bearer` with the shared admin token.
    /// - Returns: one outcome per peer; answers from this replica itself are dropped
    ///   (and the address remembered as ours).
    func call(_ method: HTTPMethod, target: String, admin: Bool, deadline: UInt64,
              only: [SocketAddress]? = nil) -> [Outcome] {
        EventLoopThread.assertNotCurrent("a call to the peers")
        let (addresses, unresolved) = only.map { ($0, []) } ?? targets()
        var headers: HTTPHeaders = [.accept: "application/json", Self.instanceHeader: instanceID]
        if admin, let adminToken { headers.add(.authorization, value: "Bearer \(adminToken)") }
        var exchanges: [HTTPClient.Exchange] = []
        var outcomes = unresolved.map { Outcome(peer: $0, address: nil, result: .failure(.connect(SystemError("resolve", code: 0)))) }
        for address in addresses {
            guard let request = HTTPRequestEncoder.encode(method: method, target: target, host: address.description,
                                                          headers: headers) else { continue }
            exchanges.append(HTTPClient.Exchange(address: address, request: request, requestWasHead: method == .head))
        }
        let results = HTTPClient.performTimed(exchanges, deadline: deadline,
                                              limits: .init(maxBodyBytes: Self.maximumResponseBytes))
        for (exchange, (result, seconds)) in zip(exchanges, results) {
            if case .success(let response) = result, response.headers.first(Self.instanceHeader) == instanceID {
                members.withLock { _ = $0.selves.insert(exchange.address) }
                continue
            }
            switch result {
            case .success(let response):
                metrics.record(outcome: (200..<300).contains(response.status.code) ? "ok" : "status_\(response.status.code)",
                               seconds: seconds)
            case .failure(let failure):
                metrics.record(outcome: failure.kind, seconds: seconds)
            }
            outcomes.append(Outcome(peer: exchange.address.description, address: exchange.address, result: result))
        }
        return outcomes
    }
}
