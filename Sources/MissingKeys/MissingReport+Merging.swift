import LabelCore
import Foundation

/// Combining replicas' reports into the fleet's (`GET /missing` with peers).
extension MissingReport {
    /// One replica's report as JSON (`GET /missing?scope=local`) and the `total` it claims,
    /// which exceeds the entries when the peer paginates.
    public struct Page: Sendable {
        public var report: MissingReport
        public var total: Int
    }

    /// Reads a `GET /missing` JSON body (``jsonBytes()``; extra fields are ignored).
    /// `nil` when it is not one: a peer's answer is used whole or not at all.
    public static func decodePage(_ bytes: [UInt8]) -> Page? {
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
              let list = root["entries"] as? [Any],
              let since = (root["since"] as? String).flatMap(parseTimestamp) else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(list.count)
        for element in list {
            guard let object = element as? [String: Any],
                  let key = object["key"] as? String, let table = object["table"] as? String,
                  let requested = object["requested"] as? String, let servedFrom = object["servedFrom"] as? String,
                  let hits = object["hits"] as? Int, hits > 0,
                  let first = (object["firstSeen"] as? String).flatMap(parseTimestamp),
                  let last = (object["lastSeen"] as? String).flatMap(parseTimestamp) else { return nil }
            let plural = (object["variable"] as? String).flatMap { variable in
                (object["category"] as? String).flatMap(PluralCategory.init(rawValue:)).map { PluralMiss(variable: variable, category: $0) }
            }
            entries.append(Entry(key: key, table: table, requested: requested, servedFrom: servedFrom,
                                 hits: hits, firstSeen: first, lastSeen: last, plural: plural))
        }
        var dropped = Dropped()
        if let object = root["dropped"] as? [String: Any] {
            dropped.newEntries = max(0, object["newEntries"] as? Int ?? 0)
            dropped.longKeys = max(0, object["longKeys"] as? Int ?? 0)
            dropped.reported = max(0, object["reported"] as? Int ?? 0)
        }
        var limits = Limits(maxEntries: MissingKeyRecorder.defaultMaxEntries, maxKeyBytes: MissingKeyRecorder.defaultMaxKeyBytes)
        if let object = root["limits"] as? [String: Any] {
            limits.maxEntries = object["maxEntries"] as? Int ?? limits.maxEntries
            limits.maxKeyBytes = object["maxKeyBytes"] as? Int ?? limits.maxKeyBytes
        }
        let total = max(entries.count, root["total"] as? Int ?? 0)
        return Page(report: MissingReport(entries: entries, dropped: dropped, since: since, limits: limits), total: total)
    }

    /// The reports of several replicas as one, per `(table, key, requested)` (and plural
    /// variable and category for a plural miss): hits summed,
    /// first seen the earliest, last seen the latest, served-from that of the latest last
    /// seen; drop counters summed, `since` the earliest; limits those of `self`.
    public func merging(_ others: [MissingReport]) -> MissingReport {
        guard !others.isEmpty else { return self }
        struct ID: Hashable {
            var table: String
            var key: String
            var requested: String
            var plural: PluralMiss?
        }
        var merged: [Entry] = entries
        var index: [ID: Int] = [:]
        index.reserveCapacity(entries.count * (others.count + 1))
        for (position, entry) in entries.enumerated() {
            index[ID(table: entry.table, key: entry.key, requested: entry.requested, plural: entry.plural)] = position
        }
        var dropped = self.dropped
        var since = self.since
        for other in others {
            dropped.newEntries += other.dropped.newEntries
            dropped.longKeys += other.dropped.longKeys
            dropped.reported += other.dropped.reported
            since = min(since, other.since)
            for entry in other.entries {
                let id = ID(table: entry.table, key: entry.key, requested: entry.requested, plural: entry.plural)
                guard let position = index[id] else {
                    index[id] = merged.count
                    merged.append(entry)
                    continue
                }
                merged[position].hits += entry.hits
                merged[position].firstSeen = min(merged[position].firstSeen, entry.firstSeen)
                if entry.lastSeen > merged[position].lastSeen {
                    merged[position].lastSeen = entry.lastSeen
                    merged[position].servedFrom = entry.servedFrom
                }
            }
        }
        return MissingReport(entries: merged, dropped: dropped, since: since, limits: limits)
    }
}
