package import Foundation
import LabelCore
package import MissingKeys

/// `GET /usage` as JSON and as a page: per catalog key, requests and the last one.
package enum UsagePage {
    package struct Entry: Sendable, Hashable {
        var table: String
        var key: String
        var hits: UInt64
        /// Seconds since 1970; `nil` when never requested.
        var lastRequested: Int64?
    }

    /// Every key of the catalog with its totals: most requested first, then
    /// table and key; `unused` keeps only keys never requested.
    package static func entries(keys: [UsageCounters.Key], totals: [UsageCounters.Key: UsageStore.Totals],
                                table: String?, unused: Bool) -> [Entry] {
        var list: [Entry] = []
        list.reserveCapacity(keys.count)
        for key in keys where table == nil || key.table == table {
            let total = totals[key]
            if unused && (total?.hits ?? 0) > 0 { continue }
            list.append(Entry(table: key.table, key: key.key, hits: total?.hits ?? 0,
                              lastRequested: total.flatMap { $0.latest > 0 ? $0.latest : nil }))
        }
        list.sort { a, b in
            if a.hits != b.hits { return a.hits > b.hits }
            return (a.table, a.key) < (b.table, b.key)
        }
        return list
    }

    private static func stamp(_ seconds: Int64) -> String {
        MissingReport.timestamp(Date(timeIntervalSince1970: Double(seconds)), fractional: false)
    }

    /// `{"since","total","unused","entries":[{"table","key","hits","lastRequested"}]}`.
    package static func json(since: Date, entries: [Entry]) -> [UInt8] {
        var json = JSONWriter(capacity: 96 + entries.reduce(0) { $0 + 96 + $1.key.utf8.count })
        json.beginObject()
        json.field("since", MissingReport.timestamp(since))
        json.field("total", entries.count)
        json.field("unused", entries.reduce(0) { $0 + ($1.hits == 0 ? 1 : 0) })
        json.array("entries", entries) { item, entry in
            item.beginObject()
            item.field("table", entry.table)
            item.field("key", entry.key)
            item.field("hits", Int(clamping: entry.hits))
            item.field("lastRequested", entry.lastRequested.map(stamp))
            item.endObject()
        }
        json.endObject()
        return json.bytes
    }

    package static func html(since: Date, entries: [Entry], table: String?, tables: [String], unused: Bool) -> [UInt8] {
        TranslatorPage.document(title: "Key usage", current: "/usage") { html in
            html.element("p", text: "Requests of GET /labels/{key} per catalog key since \(MissingReport.timestamp(since, fractional: false)). Keys never requested may be dead strings.")
            html.open("form", ["method": "get", "action": "/usage", "role": "search"])
            html.open("input", ["type": "hidden", "name": "format", "value": "html"])
            TranslatorPage.select(&html, id: "usage-table", name: "table", label: "Table", options: tables, selected: table)
            html.open("div")
            html.element("label", ["for": "usage-unused"], text: "Show")
            html.open("select", ["id": "usage-unused", "name": "unused"])
            if unused {
                html.element("option", ["value": "false"], text: "All keys")
                html.element("option", ["value": "true", "selected": "selected"], text: "Unused keys only")
            } else {
                html.element("option", ["value": "false", "selected": "selected"], text: "All keys")
                html.element("option", ["value": "true"], text: "Unused keys only")
            }
            html.close("select")
            html.close("div")
            html.element("button", ["type": "submit"], text: "Apply")
            html.close("form")
            guard !entries.isEmpty else {
                html.element("p", text: unused ? "Every key has been requested." : "The store has no keys.")
                return
            }
            html.open("div", ["class": "scroll", "role": "region", "aria-labelledby": "usage-caption", "tabindex": "0"])
            html.open("table")
            html.element("caption", ["id": "usage-caption"], text: "\(entries.count) key\(entries.count == 1 ? "" : "s"), most requested first")
            html.open("thead")
            html.open("tr")
            html.element("th", ["scope": "col"], text: "Key")
            html.element("th", ["scope": "col"], text: "Table")
            html.element("th", ["scope": "col", "class": "num"], text: "Requests")
            html.element("th", ["scope": "col"], text: "Last requested")
            html.close("tr")
            html.close("thead")
            html.open("tbody")
            for entry in entries {
                html.open("tr")
                html.open("th", ["scope": "row"])
                html.open("code")
                html.data(entry.key)
                html.close("code")
                html.close("th")
                html.open("td")
                html.data(entry.table)
                html.close("td")
                html.element("td", ["class": "num"], text: String(entry.hits))
                html.open("td")
                if let last = entry.lastRequested { TranslatorPage.time(&html, stamp(last)) } else { html.text("never") }
                html.close("td")
                html.close("tr")
            }
            html.close("tbody")
            html.close("table")
            html.close("div")
        }
    }
}
