package import LabelCore
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
package final class UsageCounters: @unchecked Sendable {
    // @unchecked: the pointers are written once in init and freed in deinit;
    // every access to the pointees is atomic.

    /// One counted key: the catalog's, so ``keys`` shares the catalog's array.
    package typealias Key = Catalog.Key

    /// Slot order: the catalog's ``Catalog/keys``.
    package let keys: [Key]
    private let shardCount: Int
    private let hits: UnsafeMutablePointer<Atomic<UInt64>>
    /// Seconds since 1970 of the latest request, per shard and slot.
    private let latest: UnsafeMutablePointer<Atomic<Int64>>

    static let defaultShards = 8

    /// Slots for every key any language of the catalog has, per table: one per
    /// ``Catalog/keys`` entry, so a key's ``Catalog/keySlot(table:key:)`` is its slot.
    package init(catalog: Catalog, shards: Int = defaultShards) {
        keys = catalog.keys
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
    ///
    /// Finds the slot by a walk over ``keys``: for tests and tools. The request path
    /// has the slot already (``record(slot:at:)``), and holding no key → slot table (nor
    /// the catalog, which a reload must be able to free) keeps the counters small.
    package func record(table: String, key: String, at seconds: Int64) {
        guard let slot = keys.firstIndex(where: { $0.key == key && $0.table == table }) else { return }
        record(slot: slot, at: seconds)
    }

    /// Counts one request of the key with this slot in the catalog these counters were
    /// made for, found by the lookup itself (`LabelResolver.resolve(key:table:chain:keySlot:)`: no
    /// second probe by table and key). Slots outside its keys are ignored.
    @inline(__always)
    package func record(slot: Int, at seconds: Int64) {
        guard slot >= 0, slot < keys.count else { return }
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
    package func drain() -> [(key: Key, hits: UInt64, latest: Int64)] {
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
