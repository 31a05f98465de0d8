import MissingKeys
import RedisClient

/// One flush's worth of a replica's recordings: sent as one `EVAL` of the flush script,
/// retried as is (same sequence number) until Redis takes it, so a batch whose outcome was
/// unknown (the socket dropped after the write) is applied exactly once.
struct ReportBatch: Sendable {
    var sequence: UInt64
    var delta: MissingKeyRecorder.Delta
    var usage: [UsageCounters.Key: UsageStore.Totals]
    /// When the batch was made: the report's `since` if it is the first batch Redis sees.
    var nowMilliseconds: Int64

    /// The `EVAL` of ``ReportScripts/flush`` carrying this batch.
    func command(keys: ReportKeys, replica: String, limits: MissingReport.Limits, usageLimit: Int) -> RedisCommand {
        var arguments: [[UInt8]] = [Array("EVAL".utf8), Array(ReportScripts.flush.utf8), Array("6".utf8)]
        for key in [keys.entries, keys.meta, keys.resolved, keys.flushMarker(replica: replica, sequence: sequence),
                    keys.usageHits, keys.usageLatest] {
            arguments.append(Array(key.utf8))
        }
        func number(_ value: some BinaryInteger) { arguments.append(Array(String(value).utf8)) }
        number(limits.maxEntries)
        number(limits.maxReportedEntries)
        number(nowMilliseconds)
        number(delta.dropped.newEntries)
        number(delta.dropped.longKeys)
        number(delta.dropped.reported)
        number(usageLimit)
        number(delta.entries.count)
        arguments.reserveCapacity(arguments.count + delta.entries.count * 6 + usage.count * 3 + 1)
        for entry in delta.entries {
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
