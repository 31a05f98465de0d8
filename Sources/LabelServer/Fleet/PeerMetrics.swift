import BackgroundWork

/// Calls to peers for `/metrics`: by outcome, with a latency histogram, and the fleet size.
package final class PeerMetrics: Sendable {
    static let buckets: [Double] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct State {
        var outcomes: [String: UInt64] = [:]
        var buckets = [UInt64](repeating: 0, count: PeerMetrics.buckets.count)
        var count: UInt64 = 0
        var sum: Double = 0
        var peers = 0
        var partialAnswers: UInt64 = 0
    }

    private let state = Guarded(State())

    package init() {}

    /// One call: `outcome` is `ok`, `status_<code>` for a non-2xx answer, or the failure kind.
    func record(outcome: String, seconds: Double) {
        let bucket = Self.buckets.firstIndex { seconds <= $0 }
        state.withLock { state in
            state.outcomes[outcome, default: 0] += 1
            if let bucket { state.buckets[bucket] += 1 }
            state.count += 1
            state.sum += seconds
        }
    }

    func recordPartial() { state.withLock { $0.partialAnswers += 1 } }

    func setPeers(_ count: Int) { state.withLock { $0.peers = count } }

    /// The exposition text for these families.
    package func render() -> String {
        let snapshot = state.withLock { $0 }
        var out = "# HELP label_server_peer_requests_total Calls to peer replicas, by outcome.\n"
        out += "# TYPE label_server_peer_requests_total counter\n"
        for (outcome, count) in snapshot.outcomes.sorted(by: { $0.key < $1.key }) {
            out += "label_server_peer_requests_total{outcome=\"\(outcome)\"} \(count)\n"
        }
        out += "# HELP label_server_peer_request_duration_seconds Time of calls to peer replicas.\n"
        out += "# TYPE label_server_peer_request_duration_seconds histogram\n"
        var cumulative: UInt64 = 0
        for (bound, count) in zip(Self.buckets, snapshot.buckets) {
            cumulative += count
            out += "label_server_peer_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        out += "label_server_peer_request_duration_seconds_bucket{le=\"+Inf\"} \(snapshot.count)\n"
        out += "label_server_peer_request_duration_seconds_sum \(snapshot.sum)\n"
        out += "label_server_peer_request_duration_seconds_count \(snapshot.count)\n"
        out += "# HELP label_server_peers Peer replicas known now (addresses, this one excluded).\n"
        out += "# TYPE label_server_peers gauge\nlabel_server_peers \(snapshot.peers)\n"
        out += "# HELP label_server_partial_answers_total Fleet answers that left out an unreachable peer.\n"
        out += "# TYPE label_server_partial_answers_total counter\nlabel_server_partial_answers_total \(snapshot.partialAnswers)\n"
        return out
    }
}
