package import LabelCore
package import MissingKeys

/// The `/missing` page for translators: coverage summary, filter form,
/// downloads for the current filter, and the entries table.
///
/// A pure function of its inputs, so a fleet can merge reports at the entry
/// level and render the merged one with the same code.
package enum MissingPage {
    /// - Parameters:
    ///   - report: Already filtered with `query` (``MissingQuery/apply(to:sourceText:)``), in report order.
    ///   - query: The filters (kept in the form and the links) and the page.
    ///   - coverage: Summary rows shown on top (filtered by the caller or not).
    ///   - languages, tables: Choices of the filter form.
    ///   - unreachable: Fleet peers whose entries are not in `report` (a banner names them).
    ///   - sourceText: The development-language text of `(table, key)`, or of one plural form.
    package static func render(report: MissingReport, query: MissingQuery, coverage: [Coverage.Row],
                               languages: [String], tables: [String], unreachable: [String] = [],
                               sourceText: (_ table: String, _ key: String, _ plural: PluralMiss?) -> String?) -> [UInt8] {
        TranslatorPage.document(title: "Missing strings", current: "/missing", unreachable: unreachable) { html in
            coverageSummary(&html, coverage)
            filterForm(&html, query: query, languages: languages, tables: tables)
            downloads(&html, query: query)
            entriesTable(&html, report: report, query: query, sourceText: sourceText)
        }
    }

    private static func coverageSummary(_ html: inout HTMLWriter, _ rows: [Coverage.Row]) {
        html.open("section", ["aria-labelledby": "coverage-heading"])
        html.element("h2", ["id": "coverage-heading"], text: "Coverage by language")
        if rows.isEmpty {
            html.element("p", text: "No languages in the store for this filter.")
        } else {
            CoveragePage.table(&html, rows: rows, caption: "Translated keys per language and table", listKeys: false)
        }
        html.close("section")
    }

    private static func filterForm(_ html: inout HTMLWriter, query: MissingQuery, languages: [String], tables: [String]) {
        html.open("section", ["aria-labelledby": "filter-heading"])
        html.element("h2", ["id": "filter-heading"], text: "Filter")
        html.open("form", ["method": "get", "action": "/missing", "role": "search"])
        html.open("input", ["type": "hidden", "name": "format", "value": "html"])
        TranslatorPage.select(&html, id: "filter-lang", name: "lang", label: "Requested language",
                              options: languages, selected: query.lang)
        TranslatorPage.select(&html, id: "filter-table", name: "table", label: "Table", options: tables, selected: query.table)
        html.open("div")
        html.element("label", ["for": "filter-q"], text: "Search keys and source texts")
        html.open("input", ["type": "search", "id": "filter-q", "name": "q", "value": query.search ?? "",
                            "maxlength": String(MissingQuery.maximumSearchLength)])
        html.close("div")
        html.element("button", ["type": "submit"], text: "Apply")
        html.close("form")
        html.close("section")
    }

    private static func downloads(_ html: inout HTMLWriter, query: MissingQuery) {
        html.open("section", ["aria-labelledby": "download-heading"])
        html.element("h2", ["id": "download-heading"], text: "Download this selection")
        html.open("ul")
        let items = query.filterItems
        var stringsItems = items
        if query.table == nil { stringsItems.append(("table", "Localizable")) }
        let links: [(String, [(String, String)], String)] = [
            ("xliff", items, "XLIFF 1.2 (Xcode, CAT tools)"),
            ("strings", stringsItems, query.table == nil ? ".strings stub (table Localizable)" : ".strings stub"),
            ("csv", items, "CSV (spreadsheet)"),
        ]
        for (format, base, name) in links {
            html.open("li")
            html.element("a", ["href": TranslatorPage.href("/missing", base + [("format", format)]), "download": ""], text: name)
            html.close("li")
        }
        html.close("ul")
        html.close("section")
    }

    private static func entriesTable(_ html: inout HTMLWriter, report: MissingReport, query: MissingQuery,
                                     sourceText: (String, String, PluralMiss?) -> String?) {
        let total = report.entries.count
        let limit = min(query.limit ?? MissingQuery.defaultPageSize, MissingQuery.maximumPageSize)
        let start = min(query.offset, total)
        let end = min(start + limit, total)
        html.open("section", ["aria-labelledby": "entries-heading"])
        html.element("h2", ["id": "entries-heading"], text: "Entries")
        let dropped = report.dropped.hits
        var summary = "\(total) entr\(total == 1 ? "y" : "ies"), \(report.totalHits) hit\(report.totalHits == 1 ? "" : "s")"
        summary += " since \(MissingReport.timestamp(report.since, fractional: false))"
        if dropped > 0 { summary += "; \(dropped) recording\(dropped == 1 ? "" : "s") dropped by the report's bounds" }
        summary += "."
        html.element("p", text: summary)
        guard total > 0 else {
            html.element("p", text: "Nothing missing for this selection.")
            html.close("section")
            return
        }
        html.open("div", ["class": "scroll", "role": "region", "aria-labelledby": "entries-caption", "tabindex": "0"])
        html.open("table")
        html.element("caption", ["id": "entries-caption"],
                     text: "Missing strings \(start + 1)–\(end) of \(total), most hits first")
        html.open("thead")
        html.open("tr")
        for (name, numeric, wide) in [("Key", false, false), ("Source text", false, false), ("Table", false, true),
                                      ("Requested", false, false), ("Served from", false, true), ("Plural form", false, false),
                                      ("Hits", true, false), ("First seen", false, true), ("Last seen", false, true)] {
            let classes = [numeric ? "num" : nil, wide ? "wide" : nil].compactMap { $0 }.joined(separator: " ")
            if classes.isEmpty {
                html.element("th", ["scope": "col"], text: name)
            } else {
                html.element("th", ["scope": "col", "class": classes], text: name)
            }
        }
        html.close("tr")
        html.close("thead")
        html.open("tbody")
        for entry in report.entries[start..<end] {
            entryRow(&html, entry, sourceText: sourceText)
        }
        html.close("tbody")
        html.close("table")
        html.close("div")
        pager(&html, query: query, start: start, end: end, total: total, limit: limit)
        html.close("section")
    }

    /// One `<tr>` of the entries table.
    private static func entryRow(_ html: inout HTMLWriter, _ entry: MissingReport.Entry,
                                 sourceText: (String, String, PluralMiss?) -> String?) {
        html.open("tr")
        html.open("th", ["scope": "row"])
        html.open("code")
        html.data(entry.key)
        html.close("code")
        html.close("th")
        html.open("td", ["class": "source"])
        if let source = sourceText(entry.table, entry.key, entry.plural) {
            html.data(source)
        } else {
            html.open("span", ["class": "muted"])
            html.text("(none)")
            html.close("span")
        }
        html.close("td")
        html.open("td", ["class": "wide"])
        html.data(entry.table)
        html.close("td")
        html.element("td", text: entry.requested)
        html.open("td", ["class": "wide"])
        html.data(entry.servedFrom)
        html.close("td")
        html.open("td")
        if let plural = entry.plural {
            html.open("code")
            html.data(plural.variable)
            html.close("code")
            html.text(" · " + plural.category.rawValue)
        }
        html.close("td")
        html.element("td", ["class": "num"], text: String(entry.hits))
        html.open("td", ["class": "wide"])
        TranslatorPage.time(&html, MissingReport.timestamp(entry.firstSeen, fractional: false))
        html.close("td")
        html.open("td", ["class": "wide"])
        TranslatorPage.time(&html, MissingReport.timestamp(entry.lastSeen, fractional: false))
        html.close("td")
        html.close("tr")
    }

    private static func pager(_ html: inout HTMLWriter, query: MissingQuery, start: Int, end: Int, total: Int, limit: Int) {
        guard start > 0 || end < total else { return }
        html.open("nav", ["aria-label": "Pages of entries"])
        html.open("ul")
        var items = query.filterItems + [("format", "html"), ("limit", String(limit))]
        if start > 0 {
            html.open("li")
            html.element("a", ["href": TranslatorPage.href("/missing", items + [("offset", String(max(0, start - limit)))]),
                               "rel": "prev"], text: "Previous \(limit)")
            html.close("li")
        }
        if end < total {
            items.append(("offset", String(end)))
            html.open("li")
            html.element("a", ["href": TranslatorPage.href("/missing", items), "rel": "next"], text: "Next \(min(limit, total - end))")
            html.close("li")
        }
        html.close("ul")
        html.close("nav")
    }
}
