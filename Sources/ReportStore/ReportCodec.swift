import Foundation
import LabelCore
import MissingKeys
import RedisClient

/// How the report is written into Redis and read back.
///
/// - Entry id: `table US key US requested US variable US category` (US = 0x1F; the last two
///   empty for a plain miss). No key, table, tag or variable can hold US: keys refuse
///   control characters but TAB, LF and CR.
/// - Record: `hits US firstSeen US lastSeen US servedFrom US reported US resolvedAt`, dates in
///   milliseconds since 1970 (what the report shows), `reported` 0 or 1, `resolvedAt` empty
///   while the entry is open.
/// - Usage field: `table US key`; hits and latest second in two hashes.
///
/// Reading is as strict as reading a state file: a record that does not parse, or names a
/// table a request could not carry, is left out; counts are clamped to 0…2^53.
enum ReportCodec {
    static let separator: UInt8 = 0x1F

    static func id(_ id: MissingKeyRecorder.EntryID) -> [UInt8] {
        join([id.table, id.key, id.requested, id.plural?.variable ?? "", id.plural?.category.rawValue ?? ""])
    }

    static func entryID(_ bytes: [UInt8]) -> MissingKeyRecorder.EntryID? {
        let parts = split(bytes)
        guard parts.count == 5, !parts[1].isEmpty, TableName.isValid(parts[0]), !parts[2].isEmpty else { return nil }
        var plural: PluralMiss?
        if !parts[3].isEmpty {
            guard let category = PluralCategory(rawValue: parts[4]) else { return nil }
            plural = PluralMiss(variable: parts[3], category: category)
        }
        return MissingKeyRecorder.EntryID(table: parts[0], key: parts[1], requested: parts[2], plural: plural)
    }

    static func usageField(_ key: UsageCounters.Key) -> [UInt8] { join([key.table, key.key]) }

    static func usageKey(_ bytes: [UInt8]) -> UsageCounters.Key? {
        let parts = split(bytes)
        guard parts.count == 2, TableName.isValid(parts[0]), !parts[1].isEmpty else { return nil }
        return UsageCounters.Key(table: parts[0], key: parts[1])
    }

    /// Milliseconds since 1970, as the report's timestamps show them (rounded down).
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return Int64(min(max(value.isFinite ? value : 0, Double(millisecondRange.lowerBound)),
                         Double(millisecondRange.upperBound)))
    }

    /// Years 0000 to 9999, what the report's ISO 8601 timestamps can show.
    static let millisecondRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// A stored time as a date, clamped to ``millisecondRange``: whatever a Redis answer
    /// holds, the report's timestamp formatting gets a date it can write.
    static func date(milliseconds: Int64) -> Date {
        let clamped = min(max(milliseconds, millisecondRange.lowerBound), millisecondRange.upperBound)
        return Date(timeIntervalSince1970: Double(clamped) / 1000)
    }

    /// One stored entry, or nil when the record does not parse.
    static func entry(id bytes: [UInt8], record: [UInt8]) -> MissingReport.Entry? {
        guard let id = entryID(bytes) else { return nil }
        let fields = split(record)
        guard fields.count == 6, let hits = Int(fields[0]), hits >= 1, let first = Int64(fields[1]),
              let last = Int64(fields[2]), !fields[3].isEmpty else { return nil }
        let resolved = fields[5].isEmpty ? nil : Int64(fields[5]).map(date(milliseconds:))
        return MissingReport.Entry(key: id.key, table: id.table, requested: id.requested, servedFrom: fields[3],
                                   hits: min(hits, MissingReport.maximumCount), firstSeen: date(milliseconds: first),
                                   lastSeen: date(milliseconds: last), plural: id.plural, resolvedAt: resolved)
    }

    /// The report from the read script's meta and entries (field/value pairs).
    static func report(meta: [RESPValue], entries: [RESPValue], limits: MissingReport.Limits) -> MissingReport {
        let fields = pairs(meta)
        func count(_ name: String) -> Int {
            min(max(0, fields[name].flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0), MissingReport.maximumCount)
        }
        let since = fields["since"].flatMap { Int64(String(decoding: $0, as: UTF8.self)) }.map(date(milliseconds:)) ?? Date()
        var list: [MissingReport.Entry] = []
        list.reserveCapacity(entries.count / 2)
        var index = 0
        while index + 1 < entries.count {
            if case .bulk(let id?) = entries[index], case .bulk(let record?) = entries[index + 1],
               let entry = entry(id: id, record: record) {
                list.append(entry)
            }
            index += 2
        }
        let dropped = MissingReport.Dropped(newEntries: count("dnew"), longKeys: count("dlong"), reported: count("drep"))
        return MissingReport(entries: list, dropped: dropped, since: since, limits: limits)
    }

    /// The usage script's reply: `{since ms or nil, hits pairs, latest pairs}`.
    static func usage(_ reply: RESPValue) -> (since: Date, totals: [UsageCounters.Key: UsageStore.Totals])? {
        guard case .array(let parts?) = reply, parts.count == 3, case .array(let hits?) = parts[1],
              case .array(let latest?) = parts[2] else { return nil }
        let since = integer(parts[0]).map(date(milliseconds:)) ?? Date()
        let latestByKey = pairs(latest)
        var totals: [UsageCounters.Key: UsageStore.Totals] = [:]
        var index = 0
        while index + 1 < hits.count {
            if case .bulk(let field?) = hits[index], let key = usageKey(field), let count = integer(hits[index + 1]) {
                let seconds = latestByKey[String(decoding: field, as: UTF8.self)].flatMap { Int64(String(decoding: $0, as: UTF8.self)) }
                totals[key] = UsageStore.Totals(hits: UInt64(min(max(0, count), Int64(MissingReport.maximumCount))),
                                                latest: max(0, seconds ?? 0))
            }
            index += 2
        }
        return (since, totals)
    }

    /// An integer reply, or a bulk string holding one.
    static func integer(_ value: RESPValue) -> Int64? {
        switch value {
        case .integer(let number): number
        case .bulk(let bytes?): Int64(String(decoding: bytes, as: UTF8.self))
        default: nil
        }
    }

    private static func pairs(_ values: [RESPValue]) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        var index = 0
        while index + 1 < values.count {
            if case .bulk(let name?) = values[index], case .bulk(let value?) = values[index + 1] {
                result[String(decoding: name, as: UTF8.self)] = value
            }
            index += 2
        }
        return result
    }

    private static func join(_ parts: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes.append(separator) }
            bytes.append(contentsOf: part.utf8)
        }
        return bytes
    }

    private static func split(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: separator, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
