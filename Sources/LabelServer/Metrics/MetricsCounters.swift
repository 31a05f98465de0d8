#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// The per-request counters of ``Metrics``, without a lock on the request path.
///
/// Every counter is a relaxed atomic, and there is a copy of all of them per
/// shard; a thread always adds to the shard of its ``slot`` (event loops take the
/// first slots, so each loop has its own cache lines), and a scrape sums the
/// shards. Threads beyond ``shardCount`` share shards: still exact, only contended.
final class MetricsCounters: @unchecked Sendable {
    // @unchecked: `cells` is written and read only through `Atomic`, and freed in deinit.

    /// A power of two above the core count (event loops default to one per core), at most
    /// 16: each shard is about 45 KiB (every route × statuses 100...599).
    static let shardCount: Int = {
        var count = 2
        while count <= ProcessInfo.processInfo.activeProcessorCount, count < 16 { count *= 2 }
        return count
    }()
    /// Status codes counted per route: 100...599 (RFC 9110 §15), one cell each.
    static let statuses = 100..<600

    let routes: Int
    let buckets: Int
    /// Cells per shard, rounded up to whole cache lines.
    private let stride: Int
    private let cells: UnsafeMutablePointer<Atomic<UInt64>>

    init(routes: Int, buckets: Int) {
        self.routes = routes
        self.buckets = buckets
        let used = routes * Self.statuses.count + routes * (buckets + 2) + 1
        stride = (used + 7) / 8 * 8
        let total = stride * Self.shardCount
        cells = .allocate(capacity: total)
        for index in 0..<total { (cells + index).initialize(to: Atomic(0)) }
    }

    deinit {
        cells.deinitialize(count: stride * Self.shardCount)
        cells.deallocate()
    }

    // Cell offsets within a shard: requests by (route, status), then per route the
    // latency buckets, count and sum (nanoseconds), then the missing hits.
    private func requestCell(route: Int, status: Int) -> Int {
        route * Self.statuses.count + (min(max(status, Self.statuses.lowerBound), Self.statuses.upperBound - 1) - Self.statuses.lowerBound)
    }
    private func latencyCell(route: Int, _ field: Int) -> Int {
        routes * Self.statuses.count + route * (buckets + 2) + field
    }
    private var missingCell: Int { routes * Self.statuses.count + routes * (buckets + 2) }

    private func add(_ cell: Int, _ value: UInt64, shard: Int) {
        cells[shard * stride + cell].wrappingAdd(value, ordering: .relaxed)
    }

    private func total(_ cell: Int) -> UInt64 {
        var sum: UInt64 = 0
        for shard in 0..<Self.shardCount { sum &+= cells[shard * stride + cell].load(ordering: .relaxed) }
        return sum
    }

    /// One answered request; `bucket` is the first latency bucket it fits (nil: above all).
    func record(route: Int, status: Int, bucket: Int?, nanoseconds: UInt64) {
        let shard = Self.slot & (Self.shardCount - 1)
        add(requestCell(route: route, status: status), 1, shard: shard)
        if let bucket { add(latencyCell(route: route, bucket), 1, shard: shard) }
        add(latencyCell(route: route, buckets), 1, shard: shard)
        add(latencyCell(route: route, buckets + 1), nanoseconds, shard: shard)
    }

    func recordMissingHit() {
        add(missingCell, 1, shard: Self.slot & (Self.shardCount - 1))
    }

    /// The sums over every shard, at scrape time.
    struct Snapshot {
        /// `(route, status, count)` with a count above 0, by route then status.
        var requests: [(route: Int, status: Int, count: UInt64)] = []
        /// Per route: per-bucket (not cumulative) counts, the count and the sum in nanoseconds.
        var latency: [(buckets: [UInt64], count: UInt64, nanoseconds: UInt64)] = []
        var missingHits: UInt64 = 0
    }

    func snapshot() -> Snapshot {
        var snapshot = Snapshot()
        for route in 0..<routes {
            for status in Self.statuses {
                let count = total(requestCell(route: route, status: status))
                if count > 0 { snapshot.requests.append((route, status, count)) }
            }
            snapshot.latency.append(((0..<buckets).map { total(latencyCell(route: route, $0)) },
                                     total(latencyCell(route: route, buckets)),
                                     total(latencyCell(route: route, buckets + 1))))
        }
        snapshot.missingHits = total(missingCell)
        return snapshot
    }

    /// The calling thread's slot: 0, 1, 2… in the order threads first record.
    static var slot: Int {
        if let value = pthread_getspecific(slotKey) { return Int(bitPattern: value) - 1 }
        let slot = nextSlot.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(slotKey, UnsafeRawPointer(bitPattern: slot + 1))
        return slot
    }

    private static let slotKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
        return key
    }()
    private static let nextSlot = Atomic<Int>(0)
}
