package import BackgroundWork
import Clocks
package import Foundation
import LabelCore
package import MissingKeys
package import RedisClient
import Synchronization

/// The missing-key report and the usage counts in Redis (`--report-store redis://…`), shared
/// by every replica: docs/decisions/report-store-redis.md.
///
/// The request path records into ``recorder``, an in-memory buffer bounded like the report
/// (``Configuration/limits``: at most `maxEntries` distinct entries; more are dropped and
/// counted in `label_server_report_store_buffer_dropped_total`). Once a second a background
/// task (``startFlushing(every:)``) drains it and the usage counters into one batch and sends
/// it in one round trip (one pipeline of `EVAL`s, 1,000 entries each); a batch that fails is retried as is (same sequence
/// number, so Redis applies it once) while new hits wait in the buffer. Reads, `DELETE`
/// and a reload's resolved entries go to Redis directly, off the event loops; when Redis
/// cannot be reached they throw ``ReportStoreUnavailable``.
package final class RedisReportStore: SharedReportStore {
    package struct Configuration: Sendable {
        package var endpoint: RedisEndpoint
        package var keys: ReportKeys
        package var limits: MissingReport.Limits
        /// `--usage on`.
        package var countsUsage: Bool
        /// Most `(table, key)` usage fields kept in Redis.
        package var usageLimit: Int
        package var timeouts: RedisTimeouts
        /// This process's id in flush markers and reload messages (random per start).
        package var replicaID: String

        package init(endpoint: RedisEndpoint, keys: ReportKeys = ReportKeys(), limits: MissingReport.Limits,
                     countsUsage: Bool = true, usageLimit: Int = UsageStore.defaultMaxEntries,
                     timeouts: RedisTimeouts = RedisTimeouts(), replicaID: String = RedisReportStore.randomReplicaID()) {
            self.endpoint = endpoint
            self.keys = keys
            self.limits = limits
            self.countsUsage = countsUsage
            self.usageLimit = usageLimit
            self.timeouts = timeouts
            self.replicaID = replicaID
        }
    }

    package let recorder: MissingKeyRecorder
    package let configuration: Configuration
    package var countsUsage: Bool { configuration.countsUsage }
    let keys: ReportKeys
    /// Flushes (one at a time, under ``flushState``).
    let flushConnection: RedisConnection
    /// Reads, `DELETE`, the resolved sweep and reload messages: never behind a flush.
    let readConnection: RedisConnection
    let health: ReportStoreHealth
    let log: @Sendable (String) -> Void
    let now: @Sendable () -> Date
    let usageCounters: @Sendable () -> UsageCounters?
    let flushState = Guarded(FlushState())
    let flusher: PeriodicTask
    private let readCache = Guarded<(generation: Int64, report: MissingReport)?>(nil)
    private let subscriber = Guarded<RedisSubscriber?>(nil)

    struct FlushState: Sendable {
        var sequence: UInt64 = 0
        /// The batch sent last that Redis has not confirmed.
        var pending: ReportBatch?
        /// Usage drained since the last batch was made.
        var usage: [UsageCounters.Key: UsageStore.Totals] = [:]
        /// The counters seen at the previous drain: drained once more after a reload.
        var previousCounters: UsageCounters?
    }

    /// - Parameters:
    ///   - usageCounters: the counters of the catalog being served (they change on reload).
    ///   - log: JSON object lines (the server's log).
    ///   - now: wall time of the batches (the report's `since` on a first flush, a reset's).
    ///   - flusher: the task flushes run on (a test's manual clock).
    package init(configuration: Configuration, usageCounters: @escaping @Sendable () -> UsageCounters? = { nil },
                 log: @escaping @Sendable (String) -> Void = { _ in }, now: @escaping @Sendable () -> Date = { Date() },
                 flusher: PeriodicTask = PeriodicTask(label: "label-server.report-store-flush")) {
        self.configuration = configuration
        keys = configuration.keys
        let limits = configuration.limits
        // The buffer has the report's bounds; its per-entry log lines are left out (a key
        // comes back to the buffer every second): the flush logs the entries Redis added.
        recorder = MissingKeyRecorder(maxEntries: limits.maxEntries, maxKeyBytes: limits.maxKeyBytes,
                                      maxReportedEntries: limits.maxReportedEntries, log: { line in
                                          if !line.hasPrefix(#"{"event":"missing_key""#) { log(line) }
                                      })
        flushConnection = RedisConnection(endpoint: configuration.endpoint, timeouts: configuration.timeouts)
        readConnection = RedisConnection(endpoint: configuration.endpoint, timeouts: configuration.timeouts,
                                         limits: Self.readLimits(limits))
        health = ReportStoreHealth(store: configuration.endpoint.description, log: log)
        self.log = log
        self.now = now
        self.usageCounters = usageCounters
        self.flusher = flusher
    }

    /// The read connection's reply limits carry the whole report at its configured cap: two
    /// values per entry (its id of up to `maxKeyBytes` plus table, tag and plural, and its
    /// record), each counted with ``RESPParser/Limits/valueCost``; never below the defaults.
    /// A report at its cap therefore always reads, whatever keys a client chose.
    static func readLimits(_ limits: MissingReport.Limits) -> RESPParser.Limits {
        let defaults = RESPParser.Limits()
        let entries = max(0, limits.maxEntries)
        let perEntry = max(0, limits.maxKeyBytes).addingReportingOverflow(512).partialValue
        let (bytes, overflow) = entries.multipliedReportingOverflow(by: perEntry)
        let elements = entries > Int.max / 4 ? Int.max : 2 * entries + 64
        return RESPParser.Limits(maxArrayCount: max(defaults.maxArrayCount, elements),
                                 maxReplyBytes: overflow || bytes > Int.max / 2 ? Int.max
                                     : max(defaults.maxReplyBytes, bytes + (1 << 20)))
    }

    package static func randomReplicaID() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// Checks at start-up that Redis takes the login and the prefix's keys: a wrong password
    /// or missing permissions throw (a start-up error); an unreachable Redis does not (it is
    /// logged once; labels serve and hits are buffered).
    package func checkAccess() throws(RedisError) {
        do throws(RedisError) {
            let replies = try readConnection.pipeline([
                RedisCommand(["EVAL", "return redis.call('HGET', KEYS[1], 'gen')", "1", keys.meta]),
            ])
            if case .error(let text)? = replies.first {
                // Only a refusal of this user is a start-up error; `-LOADING` (Redis reading its
                // AOF) and other passing errors are an unavailable store, retried by the flusher.
                guard Self.refusals.contains(String(text.prefix { $0 != " " })) else {
                    health.failed(text)
                    return
                }
                throw RedisError.authentication(text)
            }
            health.succeeded()
        } catch {
            switch error {
            case .authentication, .database: throw error
            default: health.failed(error.description)
            }
        }
    }

    /// Error kinds that refuse this user or its commands for good: the start-up stops.
    static let refusals: Set<String> = ["NOPERM", "NOAUTH", "WRONGPASS"]

    // MARK: Reads

    package func report() throws(ReportStoreUnavailable) -> MissingReport {
        let known = readCache.withLock { $0 }
        let reply = try call(RedisCommand(["EVAL", ReportScripts.read, "2", keys.entries, keys.meta,
                                           known.map { String($0.generation) } ?? ""]))
        guard case .array(let parts?) = reply, let generation = parts.first.flatMap(ReportCodec.integer) else {
            throw Self.unexpected(reply)
        }
        if parts.count == 1, let known, known.generation == generation { return known.report }
        guard parts.count == 3, case .array(let meta?) = parts[1], case .array(let entries?) = parts[2] else {
            throw Self.unexpected(reply)
        }
        let report = ReportCodec.report(meta: meta, entries: entries, limits: configuration.limits)
        readCache.withLock { $0 = (generation, report) }
        return report
    }

    package func usage() throws(ReportStoreUnavailable) -> (since: Date, totals: [UsageCounters.Key: UsageStore.Totals]) {
        let reply = try call(RedisCommand(["EVAL", ReportScripts.usage, "3", keys.meta, keys.usageHits, keys.usageLatest]))
        guard let usage = ReportCodec.usage(reply) else { throw Self.unexpected(reply) }
        return usage
    }

    // MARK: Writes

    package func reset(at now: Date) throws(ReportStoreUnavailable) {
        // What this replica recorded before the reset goes first, so the reset clears it too.
        try flushBeforeWrite()
        _ = try call(RedisCommand(["EVAL", ReportScripts.reset, "3", keys.entries, keys.meta, keys.resolved,
                                   String(ReportCodec.milliseconds(now))]))
    }

    package func remove(key: String?, requested: String?, table: String?) throws(ReportStoreUnavailable) -> Int {
        try flushBeforeWrite()
        let reply = try call(RedisCommand(["EVAL", ReportScripts.remove, "3", keys.entries, keys.meta, keys.resolved,
                                           key ?? "", key == nil ? "0" : "1", requested ?? "", table ?? ""]))
        guard let removed = ReportCodec.integer(reply) else { throw Self.unexpected(reply) }
        return Int(removed)
    }

    package func markResolved(_ ids: [MissingKeyRecorder.EntryID], at: Date) throws(ReportStoreUnavailable) -> Int {
        guard !ids.isEmpty else { return 0 }
        var arguments: [[UInt8]] = ["EVAL", ReportScripts.resolve, "3", keys.entries, keys.meta, keys.resolved,
                                    String(ReportCodec.milliseconds(at))].map { Array($0.utf8) }
        arguments += ids.map(ReportCodec.id)
        let reply = try call(RedisCommand(bytes: arguments))
        guard let changed = ReportCodec.integer(reply) else { throw Self.unexpected(reply) }
        return Int(changed)
    }

    /// One command on the read connection; a failure marks the store away (logged once).
    func call(_ command: RedisCommand) throws(ReportStoreUnavailable) -> RESPValue {
        do {
            let replies = try readConnection.pipeline([command])
            guard let reply = replies.first else { throw Self.unexpected(nil) }
            if case .error(let text) = reply {
                throw ReportStoreUnavailable(cause: "script", reason: "Redis refused the report's command: \(text.prefix(200))")
            }
            health.succeeded()
            return reply
        } catch let error as RedisError {
            health.failed(error.description)
            throw ReportStoreUnavailable(cause: error.code, reason: error.description)
        } catch let error as ReportStoreUnavailable {
            throw error
        } catch {
            throw ReportStoreUnavailable(cause: "unavailable", reason: "\(error)")
        }
    }

    static func unexpected(_ reply: RESPValue?) -> ReportStoreUnavailable {
        ReportStoreUnavailable(cause: "protocol", reason: "Redis answered the report's script with an unexpected reply")
    }

    // MARK: Fleet-wide reload

    package func publishReload() -> Bool {
        (try? call(RedisCommand(["PUBLISH", keys.reloadChannel, configuration.replicaID]))) != nil
    }

    /// Listens on the reload channel: `reload` runs (on the subscriber's thread) for every
    /// other replica's `POST /admin/reload`; this replica's own message is ignored (it has
    /// reloaded already), so each replica reloads exactly once.
    package func startSubscribing(reload: @escaping @Sendable () -> Void) {
        let own = configuration.replicaID
        let listener = RedisSubscriber(endpoint: configuration.endpoint, channel: keys.reloadChannel, onMessage: { bytes in
            if String(decoding: bytes, as: UTF8.self) != own { reload() }
        }, onState: { _ in })
        subscriber.withLock { $0 = listener }
        listener.start()
    }

    // MARK: Metrics

    package func metricsText() -> String {
        // No flush lock here: /metrics is answered on an event loop, and a flush may be waiting on Redis.
        let buffered = recorder.entryCount + health.pendingEntries.load(ordering: .relaxed)
        var text = ""
        func metric(_ name: String, _ type: String, _ help: String, _ value: String) {
            text += "# HELP label_server_report_store_\(name) \(help)\n# TYPE label_server_report_store_\(name) \(type)\n"
            text += "label_server_report_store_\(name) \(value)\n"
        }
        metric("connected", "gauge", "1 while the last call to the report store (Redis) succeeded.", health.isConnected ? "1" : "0")
        metric("flushes_total", "counter", "Batches of hits and usage Redis took.", String(health.flushes.load(ordering: .relaxed)))
        metric("flush_failures_total", "counter", "Flushes that failed (retried as is).",
               String(health.flushFailures.load(ordering: .relaxed)))
        metric("buffered_entries", "gauge", "Report entries waiting in this replica's buffer.", String(buffered))
        metric("buffer_dropped_total", "counter", "Recordings refused because the buffer was full (counted in the report's dropped.newEntries too).",
               // Drained drops plus those still in the buffer: it moves during an outage too,
               // while a pending batch keeps the buffer from being drained.
               String(health.bufferDropped.load(ordering: .relaxed)
                   &+ UInt64(max(0, recorder.statistics().dropped.newEntries))))
        metric("entries", "gauge", "Entries in the shared report at the last flush.", String(health.entries.load(ordering: .relaxed)))
        return text
    }

    /// Closes the connections and the subscriber (after ``stop(within:)``).
    package func close() {
        subscriber.withLock { $0?.stop() }
        flushConnection.close()
        readConnection.close()
    }
}
