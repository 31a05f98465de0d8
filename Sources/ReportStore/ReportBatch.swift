import MissingKeys
import RedisClient

/// One flush's worth of a replica's recordings: sent in one round trip (one `EVAL` of the flush
/// script per 1,000 entries, pipelined), retried as is (same sequence number) until Redis takes it, so a batch whose outcome was
/// unknown (the socket dropped after the write) is applied exactly once.
struct ReportBatch: Sendable {
    var sequence: UInt64
    var delta: MissingKeyRecorder.Delta
    var usage: [UsageCounters.Key: UsageStore.Totals]
    /// When the batch was made: the report's `since` if it is the first batch Redis sees.
    var nowMilliseconds: Int64

    /// Entries per `EVAL`: a script runs alone in Redis, so a large batch is cut into scripts
    /// of this many entries (other clients are served between them), all sent in one pipeline.
    static let entriesPerScript = 1_000

    /// The `EVAL`s of ``ReportScripts/flush`` carrying this batch, one per part; each part has
    /// its own marker (`…:<seq>.<part>`), so a retry applies exactly the parts not applied yet.
    /// The drop counters and the usage counts travel in the first part.
    func commands(keys: ReportKeys, replica: String, limits: MissingReport.Limits, usageLimit: Int) -> [RedisCommand] {
        let entries = delta.entries
        var commands: [RedisCommand] = []
        var start = 0
        repeat {
            let end = min(entries.count, start + Self.entriesPerScript)
            let first = start == 0
            commands.append(command(part: commands.count, entries: entries[start..<end], usage: first ? usage : [:],
                                    dropped: first ? delta.dropped : MissingReport.Dropped(), keys: keys, replica: replica,
                                    limits: limits, usageLimit: usageLimit))
            start = end
        } while start < entries.count
        return commands
    }

    private func command(part: Int, entries: ArraySlice<MissingKeyRecorder.Delta.Entry>, usage: [UsageCounters.Key: UsageStore.Totals],
                         dropped: MissingReport.Dropped, keys: ReportKeys, replica: String, limits: MissingReport.Limits,
                         usageLimit: Int) -> RedisCommand {
        var arguments: [[UInt8]] = [Array("EVAL".utf8), Array(ReportScripts.flush.utf8), Array("6".utf8)]
        for key in [keys.entries, keys.meta, keys.resolved, keys.flushMarker(replica: replica, sequence: sequence) + ".\(part)",
                    keys.usageHits, keys.usageLatest] {
            arguments.append(Array(key.utf8))
        }
        func number(_ value: some BinaryInteger) { arguments.append(Array(String(value).utf8)) }
        number(limits.maxEntries)
        number(limits.maxReportedEntries)
        number(nowMilliseconds)
        number(dropped.newEntries)
        number(dropped.longKeys)
        number(dropped.reported)
        number(usageLimit)
        number(entries.count)
        arguments.reserveCapacity(arguments.count + entries.count * 6 + usage.count * 3 + 1)
        for entry in entries {
            arguments.append(ReportCodec.id(entry.id))
            number(entry.hits)
            number(ReportCodec.milliseconds(entry.firstSeen))
            number(ReportCodec.milliseconds(entry.lastSeen))
            arguments.append(Array(entry.servedFrom.utf8))
            arguments.append(entry.reported ? [UInt8(ascii: "1")] : [UInt8(ascii: "0")])
        }
        number(usage.count)
        for (key, totals) in usage {
            arguments.append(ReportCodec.usageField(key))
            number(min(totals.hits, UInt64(MissingReport.maximumCount)))
            number(totals.latest)
        }
        return RedisCommand(bytes: arguments)
    }
}
