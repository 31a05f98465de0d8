import BackgroundWork
import Clocks
import Foundation
import LabelCore
import MissingKeys
import RedisClient
import Synchronization

extension RedisReportStore {
    /// Flushes every `interval` (at most once a second in production) on a background task.
    package func startFlushing(every interval: Duration = .seconds(1)) {
        flusher.start(every: interval) { [weak self] in _ = self?.flush() }
    }

    /// One flush: the pending batch again if Redis has not confirmed it, else a new batch of
    /// what was recorded since the last one. Never on an event loop.
    ///
    /// - Returns: true when nothing is left unconfirmed (the batch went, or there was none).
    @discardableResult
    package func flush() -> Bool {
        EventLoopThread.assertNotCurrent("the report store's flush")
        return flushState.withLock { state in
            drainUsage(into: &state)
            if state.pending == nil {
                let delta = recorder.drainDeltas()
                if delta.dropped.newEntries > 0 {
                    health.bufferDropped.add(UInt64(delta.dropped.newEntries), ordering: .relaxed)
                }
                guard !delta.isEmpty || !state.usage.isEmpty else { return true }
                state.sequence += 1
                // The report's `since` if Redis has none yet: no later than the batch's first hit.
                let start = min(now(), delta.entries.lazy.map(\.firstSeen).min() ?? .distantFuture)
                state.pending = ReportBatch(sequence: state.sequence, delta: delta, usage: state.usage,
                                            nowMilliseconds: ReportCodec.milliseconds(start))
                state.usage = [:]
            }
            guard let batch = state.pending else { return true }
            health.pendingEntries.store(batch.delta.entries.count, ordering: .relaxed)
            guard send(batch) else { return false }
            state.pending = nil
            health.pendingEntries.store(0, ordering: .relaxed)
            return true
        }
    }

    /// Sends one batch in one round trip; true when Redis applied every part now or before.
    private func send(_ batch: ReportBatch) -> Bool {
        let commands = batch.commands(keys: keys, replica: configuration.replicaID, limits: configuration.limits,
                                      usageLimit: configuration.usageLimit)
        let replies: [RESPValue]
        do {
            replies = try flushConnection.pipeline(commands)
        } catch {
            health.flushFailures.add(1, ordering: .relaxed)
            health.failed(error.description)
            return false
        }
        var added: [RESPValue] = []
        for reply in replies {
            guard case .array(let parts?) = reply, parts.count >= 3, let entries = ReportCodec.integer(parts[1]) else {
                health.flushFailures.add(1, ordering: .relaxed)
                if case .error(let text) = reply { health.failed("Redis refused the flush: \(text.prefix(200))") }
                return false
            }
            health.entries.store(Int(clamping: entries), ordering: .relaxed)
            if parts.count >= 4, case .array(let ids?) = parts[3] { added += ids }
        }
        guard replies.count == commands.count else { return false }
        health.flushes.add(1, ordering: .relaxed)
        health.succeeded()
        logAdded(added, batch: batch)
        return true
    }

    /// One `missing_key` line per entry Redis added: one per new entry fleet-wide.
    private func logAdded(_ added: [RESPValue], batch: ReportBatch) {
        guard !added.isEmpty else { return }
        var byID: [[UInt8]: MissingKeyRecorder.Delta.Entry] = [:]
        for entry in batch.delta.entries { byID[ReportCodec.id(entry.id)] = entry }
        for value in added {
            guard case .bulk(let id?) = value, let entry = byID[id] else { continue }
            var line = JSONWriter(capacity: 160 + entry.id.key.utf8.count)
            line.beginObject()
            line.field("event", "missing_key")
            line.field("table", entry.id.table)
            line.field("key", entry.id.key)
            line.field("requested", entry.id.requested)
            line.field("servedFrom", entry.servedFrom)
            if let plural = entry.id.plural {
                line.field("variable", plural.variable)
                line.field("category", plural.category.rawValue)
            }
            line.field("at", MissingReport.timestamp(entry.firstSeen))
            line.endObject()
            log(line.text)
        }
    }

    /// Moves the usage counters' hits into the next batch (also the previous catalog's,
    /// once, after a reload: a request in flight during the swap still counts).
    private func drainUsage(into state: inout FlushState) {
        guard configuration.countsUsage, let counters = usageCounters() else { return }
        var drained = counters.drain()
        if let previous = state.previousCounters, previous !== counters { drained += previous.drain() }
        state.previousCounters = counters
        for (key, hits, latest) in drained {
            state.usage[key, default: UsageStore.Totals(hits: 0, latest: 0)].add(UsageStore.Totals(hits: hits, latest: latest))
        }
        if state.usage.count > configuration.usageLimit {
            let kept = state.usage.sorted { $0.value.hits > $1.value.hits }.prefix(configuration.usageLimit)
            state.usage = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }

    /// Before a `DELETE`: this replica's buffer goes first; a Redis that cannot take it is a 503.
    func flushBeforeWrite() throws(ReportStoreUnavailable) {
        guard flush() else {
            throw ReportStoreUnavailable(cause: "unavailable", reason: "the report store (Redis) cannot be reached")
        }
    }

    /// Stops the timer and flushes what is left, trying until `deadline` passes (SIGTERM).
    ///
    /// - Returns: false when something could not be sent (logged with what was lost).
    @discardableResult
    package func stop(within limit: Duration = .seconds(5)) -> Bool {
        flusher.stop()
        let deadline = MonotonicClock.deadline(after: limit, from: MonotonicClock.now())
        while true {
            // Twice: a pending batch, then what the buffer holds.
            if flush(), flush() { return true }
            guard MonotonicClock.now() < deadline else { break }
            usleep(100_000)
        }
        let left = recorder.entryCount + health.pendingEntries.load(ordering: .relaxed)
        var line = JSONWriter()
        line.beginObject()
        line.field("event", "report_store_final_flush_failed")
        line.field("level", "warning")
        line.field("store", configuration.endpoint.description)
        line.field("entriesLost", left)
        line.endObject()
        log(line.text)
        return false
    }
}
