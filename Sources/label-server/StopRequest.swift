import Synchronization

/// When SIGTERM or SIGINT asked the server to stop, for the shutdown grace period.
final class StopRequest: Sendable {
    private let time = Mutex<ContinuousClock.Instant?>(nil)

    var requestedAt: ContinuousClock.Instant? { time.withLock { $0 } }

    /// Records the first request; later signals do not extend the grace period.
    func request() { time.withLock { $0 = $0 ?? .now } }
}
