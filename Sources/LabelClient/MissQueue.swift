import Foundation
import LabelCore

/// Keys a ``LabelSet`` did not find in the requested language, waiting for
/// ``LabelClient/flushMissing()``. Shared by the client and every set it
/// hands out, and written from whatever thread renders a label, so it is a
/// small locked box rather than actor state (`string` must not await).
final class MissQueue: Sendable {
    /// What `POST /missing` takes for one item.
    struct Miss: Hashable, Sendable {
        var key: String
        var language: String
        var table: String
    }

    /// The server's limits for one `POST /missing` (items per body, key
    /// length): a batch that breaks them would be refused whole.
    static let batchLimit = 1_000
    static let maximumKeyCharacters = 256

    private struct State {
        var pending: [Miss] = []
        var queued: Set<Miss> = []
        var failedKeys: Set<String> = []
        var dropped = 0
    }

    private let state = Locked(State())
    private let capacity: Int

    init(capacity: Int = 10_000) { self.capacity = capacity }

    /// Misses not queued because the queue was full.
    var dropped: Int { state.withLock { $0.dropped } }

    /// Queues a miss once; beyond `capacity` it is counted and dropped, so a
    /// render loop over random keys cannot grow memory without bound.
    func record(key: String, language: String, table: String) {
        guard !key.isEmpty, key.unicodeScalars.count <= Self.maximumKeyCharacters else { return }
        let miss = Miss(key: key, language: language, table: table)
        state.withLock { state in
            guard !state.queued.contains(miss) else { return }
            guard state.pending.count < capacity else { state.dropped += 1; return }
            state.queued.insert(miss)
            state.pending.append(miss)
        }
    }

    /// The oldest misses, at most one batch.
    func batch() -> [Miss] {
        state.withLock { Array($0.pending.prefix(Self.batchLimit)) }
    }

    /// Forgets misses the server has accepted (or refused for good).
    func remove(_ sent: [Miss]) {
        let sent = Set(sent)
        state.withLock { state in
            state.pending.removeAll { sent.contains($0) }
            state.queued.subtract(sent)
        }
    }

    var count: Int { state.withLock { $0.pending.count } }

    /// Whether this is the first rendering failure for the key (log once).
    func firstFailure(key: String, table: String) -> Bool {
        state.withLock { $0.failedKeys.insert("\(table)\u{0}\(key)").inserted }
    }

    /// The JSON body of `POST /missing`.
    static func body(_ batch: [Miss]) -> Data {
        let items = batch.map { ["key": $0.key, "lang": $0.language, "table": $0.table] }
        return (try? JSONSerialization.data(withJSONObject: items, options: [.sortedKeys])) ?? Data("[]".utf8)
    }
}
