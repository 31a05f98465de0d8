import BackgroundWork
import Clocks
import LabelCore
package import Foundation

/// The renderings of the report (JSON, CSV, `.strings` stub); the JSON one is also the file format.
extension MissingReport {
    // MARK: JSON

    /// The whole report as JSON: the content of `missing.json` (the state file).
    ///
    /// ```
    /// {"entries":[{"key":…,"table":…,"requested":…,"servedFrom":…,"hits":3,
    ///              "firstSeen":"2025-01-02T03:04:05.678Z","lastSeen":…}],
    ///  "dropped":{"newEntries":0,"longKeys":0,"reported":0,"hits":0},
    ///  "total":1,"hits":3,"since":"…","limits":{"maxEntries":10000,"maxKeyBytes":256,"maxReportedEntries":1000}}
    /// ```
    /// Timestamps are ISO 8601 UTC with milliseconds. `GET /missing` renders a
    /// ``MissingReportPage`` instead (``MissingReportPage/jsonBytes(next:)``).
    package func jsonBytes() -> [UInt8] {
        EventLoopThread.assertNotCurrent("rendering the whole missing-key report")
        return Self.json(entries: entries, total: entries.count, hits: totalHits, page: nil, of: self)
    }

    /// The shared JSON writer of the state file and of a page.
    static func json(entries: [Entry], total: Int, hits: Int,
                     page: (offset: Int, limit: Int, next: String?)?, of report: MissingReport) -> [UInt8] {
        var json = JSONWriter(capacity: 384 + entries.count * 160)
        json.beginObject()
        json.array("entries", entries) { list, entry in
            list.beginObject()
            list.field("key", entry.key)
            list.field("table", entry.table)
            list.field("requested", entry.requested)
            list.field("servedFrom", entry.servedFrom)
            list.field("hits", entry.hits)
            // An untranslated key (`include=untranslated`) was never seen: null dates.
            list.field("firstSeen", entry.isUntranslated ? nil : Self.timestamp(entry.firstSeen))
            list.field("lastSeen", entry.isUntranslated ? nil : Self.timestamp(entry.lastSeen))
            if let plural = entry.plural {
                list.field("variable", plural.variable)
                list.field("category", plural.category.rawValue)
            }
            if entry.isUntranslated { list.field("untranslated", true) }
            if let resolvedAt = entry.resolvedAt { list.field("resolvedAt", Self.timestamp(resolvedAt)) }
            list.endObject()
        }
        json.beginObject("dropped")
        json.field("newEntries", report.dropped.newEntries)
        json.field("longKeys", report.dropped.longKeys)
        json.field("reported", report.dropped.reported)
        json.field("hits", report.dropped.hits)
        json.endObject()
        json.field("total", total)
        json.field("hits", hits)
        if let page {
            json.field("offset", page.offset)
            json.field("limit", page.limit)
            json.field("next", page.next)
        }
        json.field("since", Self.timestamp(report.since))
        json.beginObject("limits")
        json.field("maxEntries", report.limits.maxEntries)
        json.field("maxKeyBytes", report.limits.maxKeyBytes)
        json.field("maxReportedEntries", report.limits.maxReportedEntries)
        json.endObject()
        json.endObject()
        return json.bytes
    }

    // MARK: CSV

    /// The CSV column names, in order.
    static let csvColumns = ["key", "table", "requested", "servedFrom", "hits", "firstSeen", "lastSeen",
                                    "variable", "category"]

    /// The entries as RFC 4180 CSV: a header row, CRLF line ends, fields quoted
    /// when they hold a comma, semicolon, quote, CR or LF (quotes doubled). UTF-8, no BOM.
    /// Drop counters are not rows; they are in the JSON rendering.
    ///
    /// Formula-safe (OWASP "CSV injection"): keys are chosen by anyone who can
    /// send a request, and spreadsheets evaluate a cell that starts with `=`,
    /// `+`, `-`, `@`, TAB or CR even when it is quoted. Such a cell gets a
    /// leading `'`, which spreadsheets show as text and do not evaluate; the
    /// cell is then quoted. `;` is quoted too, since Excel in German and other
    /// locales splits on it. So `=HYPERLINK(…)` is exported as `"'=HYPERLINK(…)"`.
    package func csvBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + entries.count * 120)
        Self.appendCSVRow(Self.csvColumns, to: &out)
        for entry in entries {
            let seen = entry.isUntranslated ? nil : (Self.timestamp(entry.firstSeen), Self.timestamp(entry.lastSeen))
            Self.appendCSVRow([entry.key, entry.table, entry.requested, entry.servedFrom, String(entry.hits),
                               seen?.0 ?? "", seen?.1 ?? "",
                               entry.plural?.variable ?? "", entry.plural?.category.rawValue ?? ""], to: &out)
        }
        return out
    }

    static func appendCSVRow(_ fields: [String], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let formula = field.utf8.first.map(Self.startsFormula) ?? false
            let needsQuotes = formula || field.utf8.contains { byte in
                byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\"")
                    || byte == 0x0D || byte == 0x0A
            }
            guard needsQuotes else { out.append(contentsOf: field.utf8); continue }
            out.append(UInt8(ascii: "\""))
            if formula { out.append(UInt8(ascii: "'")) }
            for byte in field.utf8 {
                if byte == UInt8(ascii: "\"") { out.append(byte) }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// `= + - @ TAB CR`: a cell starting with one is a formula to a spreadsheet.
    static func startsFormula(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: true
        default: false
        }
    }

    // MARK: .strings stub

    /// A `.strings` file for translators: one entry per `(table, key)`, most hits first.
    ///
    /// Meant for a report filtered to one language (and ideally one table: a
    /// key missing from two tables appears twice, once per table, which one
    /// `.strings` file cannot hold). Entries of several requested languages are
    /// merged: hits summed, first seen earliest, last seen latest, served-from
    /// of the latest. Each entry carries a comment with hits, first/last seen
    /// and served-from (and table and languages when the report spans several); when
    /// `developerComment` has the developer's comment for the key, it follows as a
    /// comment of its own right above the entry, where Xcode and `import` read a
    /// developer's comment (docs/decisions/developer-comments.md).
    /// The value is the development-language text when `developmentValue`
    /// resolves it, else the key itself. UTF-8, escaped so that Apple's parser
    /// reads back exactly the key and value.
    ///
    /// - Parameters:
    ///   - developmentValue: `(table, key)` → the development-language text, if any.
    ///   - developerComment: `(table, key)` → the developer's comment, if any.
    ///   - generatedAt: Shown in the header comment.
    package func stringsStub(generatedAt: Date = Date(),
                            developmentValue: (_ table: String, _ key: String) -> String? = { _, _ in nil },
                            developerComment: (_ table: String, _ key: String) -> String? = { _, _ in nil }) -> [UInt8] {
        struct Merged {
            var table: String
            var key: String
            var requested: [String]
            var hits: Int
            var firstSeen: Date
            var lastSeen: Date
            var servedFrom: String
        }
        var order: [Merged] = []
        var indexByKey: [TableKey: Int] = [:]
        for entry in entries {
            let id = TableKey(table: entry.table, key: entry.key)
            if let index = indexByKey[id] {
                order[index].requested.append(entry.requested)
                order[index].hits = order[index].hits.addingCount(entry.hits)
                order[index].firstSeen = min(order[index].firstSeen, entry.firstSeen)
                if entry.lastSeen > order[index].lastSeen {
                    order[index].lastSeen = entry.lastSeen
                    order[index].servedFrom = entry.servedFrom
                }
            } else {
                indexByKey[id] = order.count
                order.append(Merged(table: entry.table, key: entry.key, requested: [entry.requested], hits: entry.hits,
                                    firstSeen: entry.firstSeen, lastSeen: entry.lastSeen, servedFrom: entry.servedFrom))
            }
        }
        order.sort { a, b in
            if a.hits != b.hits { return a.hits > b.hits }
            if a.lastSeen != b.lastSeen { return a.lastSeen > b.lastSeen }
            if a.table != b.table { return a.table < b.table }
            return a.key < b.key
        }
        let languages = Set(entries.map(\.requested)).sorted()
        let tables = Set(entries.map(\.table)).sorted()

        var out = ""
        out += "/* Missing strings"
        out += languages.count == 1 ? " for \(languages[0])" : ""
        out += tables.count == 1 ? " in table \(tables[0])" : ""
        out += ": \(order.count) key\(order.count == 1 ? "" : "s"), generated \(Self.timestamp(generatedAt, fractional: false))"
        out += " by label-server.\n   Translate the values; keep the keys as they are. */\n"
        for item in order {
            var comment = item.hits == 0 ? "untranslated; not requested yet; served from \(item.servedFrom)"
                : "\(item.hits) hit\(item.hits == 1 ? "" : "s"); first seen \(Self.timestamp(item.firstSeen, fractional: false))"
                    + "; last seen \(Self.timestamp(item.lastSeen, fractional: false)); served from \(item.servedFrom)"
            if tables.count > 1 { comment += "; table \(item.table)" }
            if languages.count > 1 { comment += "; requested \(item.requested.sorted().joined(separator: ", "))" }
            out += "\n/* \(StringsFileWriter.commentSafe(comment)) */\n"
            if let developer = developerComment(item.table, item.key).flatMap(DeveloperComment.cleaned) {
                out += "/* \(StringsFileWriter.commentSafe(developer)) */\n"
            }
            out += StringsFileWriter.quoted(item.key)
            out += " = "
            out += StringsFileWriter.quoted(developmentValue(item.table, item.key) ?? item.key)
            out += ";\n"
        }
        return Array(out.utf8)
    }

    private struct TableKey: Hashable {
        var table: String
        var key: String
    }

    // MARK: Timestamps

    /// ISO 8601 UTC, `2025-01-02T03:04:05.678Z` (milliseconds, truncated) or without fraction.
    ///
    /// Civil-date arithmetic (``CivilDateTime``) instead of a `DateFormatter`: a flush
    /// renders 20,000 timestamps every second.
    package static func timestamp(_ date: Date, fractional: Bool = true) -> String {
        var milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        // Years 0000...9999 only, so the fixed-width format holds.
        milliseconds = min(max(milliseconds.isFinite ? milliseconds : 0, -62_167_219_200_000), 253_402_300_799_999)
        let total = Int64(milliseconds)
        let seconds = CivilDateTime.floorDiv(total, 1000)
        let millis = Int(total - seconds * 1000)
        return CivilDateTime(unixSeconds: seconds).iso8601(milliseconds: fractional ? millis : nil)
    }

    /// Parses what ``timestamp(_:fractional:)`` writes (fraction of 1 to 9 digits optional, `Z` required).
    static func parseTimestamp(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes.last == UInt8(ascii: "Z"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            let digitsRange = 20..<(bytes.count - 1)
            guard bytes[19] == UInt8(ascii: "."), (1...9).contains(digitsRange.count),
                  let value = number(digitsRange) else { return nil }
            fraction = Double(value) / pow(10, Double(digitsRange.count))
        } else {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        }
        let days = CivilDateTime.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + Int64(hour * 3600 + minute * 60 + second))
        return Date(timeIntervalSince1970: seconds + fraction)
    }
}

extension MissingReportPage {
    /// The page as the JSON body of `GET /missing`:
    ///
    /// ```
    /// {"entries":[…],"dropped":{…},"total":2400,"hits":9100,"offset":0,"limit":1000,
    ///  "next":"/missing?limit=1000&offset=1000","since":"…","limits":{…}}
    /// ```
    /// `total` and `hits` count every entry matching the filters (all pages);
    /// `next` is the link to the next page, `null` on the last. `dropped` is
    /// report-wide (not filtered).
    ///
    /// - Parameter next: The next page's link (from ``nextOffset``), or nil.
    package func jsonBytes(next: String?) -> [UInt8] {
        MissingReport.json(entries: report.entries, total: total, hits: totalHits,
                           page: (query.offset, query.limit, next), of: report)
    }
}
