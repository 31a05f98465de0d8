public import LabelCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How often each `(table, key)` of one catalog load was requested, counted on
/// the request path without a lock.
///
/// Every key of the catalog gets a slot at load; each event-loop thread counts
/// into its own shard (picked from the thread id, so two loops rarely share
/// one) with a relaxed atomic add, and ``drain()`` (the flush thread, once a
/// second) exchanges the counts for zero. Sharing a shard is still correct,
/// only slower: shards avoid two cores bouncing one cache line, the atomics
/// make it exact. Memory: keys × shards × 16 bytes (10,000 keys ≈ 1.3 MB).
public final class UsageCounters: @unchecked Sendable {
    // @unchecked: the pointers are written once in init and freed in deinit;
    // every access to the pointees is atomic.

    /// One counted key.
    public struct Key: Hashable, Sendable {
        public var table: String
        public var key: String

        public init(table: String, key: String) {
            self.table = table
            self.key = key
        }
    }

    /// Slot order.
    public let keys: [Key]
    /// table → key → slot: two probes with the request's own strings, no allocation.
    private let slots: [String: [String: Int]]
    private let shardCount: Int
    private let hits: UnsafeMutablePointer<Atomic<UInt64>>
    /// Seconds since 1970 of the latest request, per shard and slot.
    private let latest: UnsafeMutablePointer<Atomic<Int64>>

    public static let defaultShards = 8

    /// Slots for every key any language of the catalog has, per table.
    public init(catalog: Catalog, shards: Int = defaultShards) {
        var keys: [Key] = []
        var slots: [String: [String: Int]] = [:]
        for table in catalog.tables {
            var tableSlots: [String: Int] = [:]
            for language in catalog.languages(table: table) {
                for key in catalog.entries(table: table, language: language).keys where tableSlots[key] == nil {
                    tableSlots[key] = keys.count
                    keys.append(Key(table: table, key: key))
                }
            }
            slots[table] = tableSlots
        }
        self.keys = keys
        self.slots = slots
        shardCount = max(1, shards)
        let count = max(1, keys.count * shardCount)
        hits = .allocate(capacity: count)
        latest = .allocate(capacity: count)
        for index in 0..<count {
            (hits + index).initialize(to: Atomic(0))
            (latest + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        let count = max(1, keys.count * shardCount)
        hits.deinitialize(count: count)
        latest.deinitialize(count: count)
        hits.deallocate()
        latest.deallocate()
    }

    /// Counts one request of a key the catalog has; other keys are ignored
    /// (those are the missing report's). Lock-free, allocation-free.
    @inline(__always)
    public func record(table: String, key: String, at seconds: Int64) {
        guard let slot = slots[table]?[key] else { return }
        let index = shard() * keys.count + slot
        hits[index].wrappingAdd(1, ordering: .relaxed)
        // Skip the store when the second has not changed: no needless cache-line write.
        if latest[index].load(ordering: .relaxed) != seconds { latest[index].store(seconds, ordering: .relaxed) }
    }

    /// The shard of the calling thread: a hash of its id.
    @inline(__always)
    private func shard() -> Int {
        #if canImport(Glibc)
        let id = UInt64(pthread_self())
        #else
        let id = UInt64(UInt(bitPattern: pthread_self()))
        #endif
        return Int(truncatingIfNeeded: ((id >> 12) &* 0x9E37_79B9_7F4A_7C15) >> 40) % shardCount
    }

    /// The counts since the last drain (summed over shards) and the latest
    /// second per key; counts are reset to zero. Only keys with hits are returned.
    public func drain() -> [(key: Key, hits: UInt64, latest: Int64)] {
        var out: [(key: Key, hits: UInt64, latest: Int64)] = []
        for slot in keys.indices {
            var sum: UInt64 = 0
            var newest: Int64 = 0
            for shard in 0..<shardCount {
                let index = shard * keys.count + slot
                let count = hits[index].exchange(0, ordering: .relaxed)
                guard count > 0 else { continue }
                sum &+= count
                newest = max(newest, latest[index].load(ordering: .relaxed))
            }
            if sum > 0 { out.append((keys[slot], sum, newest)) }
        }
        return out
    }
}
