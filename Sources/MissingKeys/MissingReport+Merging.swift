import LabelCore
import Foundation

/// Combining replicas' reports into the fleet's (`GET /missing` with peers).
extension MissingReport {
    /// One replica's report as JSON (`GET /missing?scope=local`) and the `total` it claims,
    /// which exceeds the entries when the peer paginates.
    package struct Page: Sendable {
        package var report: MissingReport
        package var total: Int
    }

    /// Why a peer's page was not used (``readPage(_:)``): shown in the fleet answer beside the peer.
    package struct PageError: Error, Sendable, Hashable, CustomStringConvertible {
        package var reason: String
        package init(reason: String) { self.reason = reason }
        package var description: String { reason }
    }

    /// Reads a `GET /missing` JSON body (``jsonBytes()``; extra fields are ignored).
    /// `nil` when it is not one: a peer's answer is used whole or not at all.
    package static func decodePage(_ bytes: [UInt8]) -> Page? {
        try? readPage(bytes)
    }

    /// Reads a `GET /missing` JSON body, refusing the whole page when any number in it is
    /// outside its documented range: hits from 1 to 2^53 (``maximumCount``), drop counters
    /// from 0 to 2^53, `total` from 0 to ``MissingKeyRecorder/maximumMaxEntries``, dates
    /// ISO 8601 UTC with first seen not after last seen.
    /// A peer's page is used whole or not at all; nothing out of range reaches a sum.
    ///
    /// - Throws: ``PageError`` saying which field (and entry) and why.
    package static func readPage(_ bytes: [UInt8]) throws(PageError) -> Page {
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw PageError(reason: "not a JSON object")
        }
        guard let list = root["entries"] as? [Any] else { throw PageError(reason: #"no "entries" array"#) }
        guard let since = (root["since"] as? String).flatMap(parseTimestamp) else {
            throw PageError(reason: #""since" is missing or not an ISO 8601 UTC timestamp"#)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            do throws(PageError) {
                entries.append(try pageEntry(element))
            } catch {
                throw PageError(reason: "entry \(index): \(error.reason)")
            }
        }
        func count(_ object: [String: Any], _ name: String, shown: String) throws(PageError) -> Int {
            guard let value = object[name] else { return 0 }
            guard let number = value as? Int, (0...maximumCount).contains(number) else {
                throw PageError(reason: "\"\(shown)\" is not an integer from 0 to 2^53")
            }
            return number
        }
        var dropped = Dropped()
        if let object = root["dropped"] as? [String: Any] {
            dropped.newEntries = try count(object, "newEntries", shown: "dropped.newEntries")
            dropped.longKeys = try count(object, "longKeys", shown: "dropped.longKeys")
            dropped.reported = try count(object, "reported", shown: "dropped.reported")
        }
        // The peer's limits are shown nowhere (a merge keeps this replica's) and enter no sum.
        var limits = Limits(maxEntries: MissingKeyRecorder.defaultMaxEntries, maxKeyBytes: MissingKeyRecorder.defaultMaxKeyBytes)
        if let object = root["limits"] as? [String: Any] {
            limits.maxEntries = (object["maxEntries"] as? Int)?.clampedCount ?? limits.maxEntries
            limits.maxKeyBytes = (object["maxKeyBytes"] as? Int)?.clampedCount ?? limits.maxKeyBytes
        }
        // A replica keeps at most `maximumMaxEntries` entries, so a larger `total` is no report:
        // followed, it would have this replica fetch page after page until the deadline.
        let claimed = try count(root, "total", shown: "total")
        guard claimed <= MissingKeyRecorder.maximumMaxEntries else {
            throw PageError(reason: "\"total\" is more entries than a replica keeps (\(MissingKeyRecorder.maximumMaxEntries))")
        }
        let total = max(entries.count, claimed)
        return Page(report: MissingReport(entries: entries, dropped: dropped, since: since, limits: limits), total: total)
    }

    /// One entry of a peer's page, validated.
    private static func pageEntry(_ element: Any) throws(PageError) -> Entry {
        guard let object = element as? [String: Any],
              let key = object["key"] as? String, let table = object["table"] as? String,
              let requested = object["requested"] as? String, let servedFrom = object["servedFrom"] as? String else {
            throw PageError(reason: #"not an object with "key", "table", "requested" and "servedFrom" strings"#)
        }
        // NSNumber bridging is exact: 1.5 and 2^70 are not Ints.
        guard let hits = object["hits"] as? Int, (1...maximumCount).contains(hits) else {
            throw PageError(reason: #""hits" is not an integer from 1 to 2^53"#)
        }
        guard let first = (object["firstSeen"] as? String).flatMap(parseTimestamp),
              let last = (object["lastSeen"] as? String).flatMap(parseTimestamp) else {
            throw PageError(reason: #""firstSeen" or "lastSeen" is missing or not an ISO 8601 UTC timestamp"#)
        }
        guard first <= last else { throw PageError(reason: #""firstSeen" is after "lastSeen""#) }
        let plural = (object["variable"] as? String).flatMap { variable in
            (object["category"] as? String).flatMap(PluralCategory.init(rawValue:)).map { PluralMiss(variable: variable, category: $0) }
        }
        return Entry(key: key, table: table, requested: requested, servedFrom: servedFrom,
                     hits: hits, firstSeen: first, lastSeen: last, plural: plural,
                     resolvedAt: (object["resolvedAt"] as? String).flatMap(parseTimestamp))
    }

    /// The reports of several replicas as one, per `(table, key, requested)` (and plural
    /// variable and category for a plural miss): hits summed,
    /// first seen the earliest, last seen the latest, served-from that of the latest last
    /// seen, resolved only when resolved in every report holding it (at the earliest time); drop counters summed, `since` the earliest; limits those of `self`. Every sum
    /// saturates at ``maximumCount`` and a negative count counts nothing
    /// (``Swift/Int/addingCount(_:)``): no operand traps.
    package func merging(_ others: [MissingReport]) -> MissingReport {
        guard !others.isEmpty else { return self }
        struct ID: Hashable {
            var table: String
            var key: String
            var requested: String
            var plural: PluralMiss?
        }
        var merged: [Entry] = entries
        var index: [ID: Int] = [:]
        index.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            merged[position].hits = entry.hits.clampedCount
            index[ID(table: entry.table, key: entry.key, requested: entry.requested, plural: entry.plural)] = position
        }
        var dropped = Dropped(newEntries: self.dropped.newEntries.clampedCount, longKeys: self.dropped.longKeys.clampedCount,
                              reported: self.dropped.reported.clampedCount)
        var since = self.since
        for other in others {
            dropped.newEntries = dropped.newEntries.addingCount(other.dropped.newEntries)
            dropped.longKeys = dropped.longKeys.addingCount(other.dropped.longKeys)
            dropped.reported = dropped.reported.addingCount(other.dropped.reported)
            since = min(since, other.since)
            for entry in other.entries {
                let id = ID(table: entry.table, key: entry.key, requested: entry.requested, plural: entry.plural)
                guard let position = index[id] else {
                    index[id] = merged.count
                    var added = entry
                    added.hits = entry.hits.clampedCount
                    merged.append(added)
                    continue
                }
                merged[position].hits = merged[position].hits.addingCount(entry.hits)
                merged[position].firstSeen = min(merged[position].firstSeen, entry.firstSeen)
                // Resolved only where every replica holding it has resolved it; then the earliest.
                if let mine = merged[position].resolvedAt, let theirs = entry.resolvedAt {
                    merged[position].resolvedAt = min(mine, theirs)
                } else {
                    merged[position].resolvedAt = nil
                }
                if entry.lastSeen > merged[position].lastSeen {
                    merged[position].lastSeen = entry.lastSeen
                    merged[position].servedFrom = entry.servedFrom
                }
            }
        }
        return MissingReport(entries: merged, dropped: dropped, since: since, limits: limits)
    }
}
