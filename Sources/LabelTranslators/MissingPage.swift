package import LabelCore
package import MissingKeys

/// The `/missing` page for translators: what is missing first (the entries, then the
/// filter form and the downloads, per language too, with the untranslated backlog), and
/// coverage last as a compact, collapsible summary (one row per language).
///
/// A pure function of its inputs: whatever holds the report, the page is rendered by the same code.
package enum MissingPage {
    /// - Parameters:
    ///   - report: Already filtered with `query` (``MissingQuery/apply(to:sourceText:)``), in report order.
    ///   - query: The filters (kept in the form and the links) and the page.
    ///   - coverage: Summary rows (filtered by the caller or not), shown collapsed, per language.
    ///   - languages, tables: Choices of the filter form; `languages` other than
    ///     `developmentLanguage` get their own downloads.
    ///   - untranslated: With `include=untranslated`: the untranslated keys included and all there are.
    ///   - sourceText: The development-language text of `(table, key)`, or of one plural form.
    package static func render(report: MissingReport, query: MissingQuery, coverage: [Coverage.Row],
                               languages: [String], tables: [String],
                               untranslated: (included: Int, total: Int)? = nil, developmentLanguage: String? = nil,
                               sourceText: (_ table: String, _ key: String, _ plural: PluralMiss?) -> String?) -> [UInt8] {
        TranslatorPage.document(title: "Missing strings", current: "/missing") { html in
            entriesTable(&html, report: report, query: query, untranslated: untranslated, sourceText: sourceText)
            filterForm(&html, query: query, languages: languages, tables: tables)
            downloads(&html, query: query)
            languageDownloads(&html, languages: languages.filter { $0 != developmentLanguage })
            coverageSummary(&html, coverage)
        }
    }

    /// Coverage per language (tables summed), inside a `<details>` closed by default: a phone
    /// shows the missing strings first and a one-line summary of coverage.
    private static func coverageSummary(_ html: inout HTMLWriter, _ rows: [Coverage.Row]) {
        var perLanguage: [String: (translated: Int, total: Int, missing: Int)] = [:]
        for row in rows {
            var sum = perLanguage[row.language.rawValue] ?? (0, 0, 0)
            sum.translated += row.translated
            sum.total += row.total
            sum.missing += row.missing.count
            perLanguage[row.language.rawValue] = sum
        }
        func percent(_ sum: (translated: Int, total: Int, missing: Int)) -> Double {
            sum.total == 0 ? 100 : (Double(sum.translated) * 1000 / Double(sum.total)).rounded(.down) / 10
        }
        let languages = perLanguage.keys.sorted()
        let lowest = languages.min { percent(perLanguage[$0]!) < percent(perLanguage[$1]!) }
        html.open("section", ["aria-labelledby": "coverage-heading"])
        html.element("h2", ["id": "coverage-heading"], text: "Coverage")
        html.open("details", ["id": "coverage"])
        html.open("summary")
        var line = "\(languages.count) language\(languages.count == 1 ? "" : "s")"
        if let lowest { line += "; lowest \(lowest) at \(percent(perLanguage[lowest]!))%" }
        html.text(line)
        html.close("summary")
        if languages.isEmpty {
            html.element("p", text: "No languages in the store for this filter.")
        } else {
            html.open("table")
            html.element("caption", text: "Translated keys per language, all tables")
            html.open("thead")
            html.open("tr")
            html.element("th", ["scope": "col"], text: "Language")
            html.element("th", ["scope": "col", "class": "num"], text: "Missing")
            html.element("th", ["scope": "col", "class": "num"], text: "Coverage")
            html.close("tr")
            html.close("thead")
            html.open("tbody")
            for language in languages {
                let sum = perLanguage[language]!
                html.open("tr")
                html.open("th", ["scope": "row"])
                html.element("a", ["href": TranslatorPage.href("/coverage", [("lang", language), ("format", "html")])], text: language)
                html.close("th")
                html.element("td", ["class": "num"], text: String(sum.missing))
                html.element("td", ["class": "num"], text: "\(percent(sum))%")
                html.close("tr")
            }
            html.close("tbody")
            html.close("table")
        }
        html.close("details")
        html.close("section")
    }

    /// Per language other than the development one: its missing strings and its whole backlog
    /// (`include=untranslated`: the keys the development language has and it lacks).
    private static func languageDownloads(_ html: inout HTMLWriter, languages: [String]) {
        guard !languages.isEmpty else { return }
        html.open("section", ["aria-labelledby": "language-download-heading"])
        html.element("h2", ["id": "language-download-heading"], text: "Download per language")
        html.open("ul")
        for language in languages {
            html.open("li")
            html.open("code")
            html.data(language)
            html.close("code")
            html.text(": ")
            let base = [("lang", language)]
            let backlog = base + [("include", "untranslated")]
            let links: [(String, [(String, String)])] = [
                ("missing (XLIFF)", base + [("format", "xliff")]),
                ("whole backlog (XLIFF)", backlog + [("format", "xliff")]),
                ("whole backlog (CSV)", backlog + [("format", "csv")]),
            ]
            for (index, (name, items)) in links.enumerated() {
                if index > 0 { html.text(" · ") }
                html.element("a", ["href": TranslatorPage.href("/missing", items), "download": ""], text: name)
            }
            html.close("li")
        }
        html.close("ul")
        html.close("section")
    }

    private static func filterForm(_ html: inout HTMLWriter, query: MissingQuery, languages: [String], tables: [String]) {
        html.open("section", ["aria-labelledby": "filter-heading"])
        html.element("h2", ["id": "filter-heading"], text: "Filter")
        html.open("form", ["method": "get", "action": "/missing", "role": "search"])
        html.open("input", ["type": "hidden", "name": "format", "value": "html"])
        if query.view != .open { html.open("input", ["type": "hidden", "name": "state", "value": query.view.rawValue]) }
        if query.includeUntranslated { html.open("input", ["type": "hidden", "name": "include", "value": "untranslated"]) }
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
        // Without `state`: a download holds what translators owe, never fixed strings.
        let items = query.filterItems.filter { $0.0 != "state" }
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
                                     untranslated: (included: Int, total: Int)?,
                                     sourceText: (String, String, PluralMiss?) -> String?) {
        let total = report.entries.count
        let limit = min(query.limit ?? MissingQuery.defaultPageSize, MissingQuery.maximumPageSize)
        let start = min(query.offset, total)
        let end = min(start + limit, total)
        html.open("section", ["aria-labelledby": "entries-heading"])
        html.element("h2", ["id": "entries-heading"], text: query.view == .resolved ? "Resolved entries" : "Entries")
        let dropped = report.dropped.hits
        var summary = "\(total) entr\(total == 1 ? "y" : "ies"), \(report.totalHits) hit\(report.totalHits == 1 ? "" : "s")"
        summary += " since \(MissingReport.timestamp(report.since, fractional: false))"
        if dropped > 0 { summary += "; \(dropped) recording\(dropped == 1 ? "" : "s") dropped by the report's bounds" }
        summary += "."
        html.element("p", text: summary)
        if let untranslated {
            var line = "Includes the keys never requested that the development language has and this language lacks"
            line += " (hits 0): \(untranslated.total)"
            if untranslated.included < untranslated.total { line += ", of which the first \(untranslated.included) are listed; narrow by table for the rest" }
            html.element("p", text: line + ".")
        }
        viewLinks(&html, query: query)
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
                                      ("Hits", true, false), ("First seen", false, true), ("Last seen", false, true)]
            + (query.view == .open ? [] : [("Resolved", false, false)]) {
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
            entryRow(&html, entry, showsResolved: query.view != .open, sourceText: sourceText)
        }
        html.close("tbody")
        html.close("table")
        html.close("div")
        pager(&html, query: query, start: start, end: end, total: total, limit: limit)
        html.close("section")
    }

    /// One `<tr>` of the entries table.
    private static func entryRow(_ html: inout HTMLWriter, _ entry: MissingReport.Entry, showsResolved: Bool,
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
        for date in [entry.firstSeen, entry.lastSeen] {
            html.open("td", ["class": "wide"])
            // An untranslated key was never requested: no dates.
            if entry.isUntranslated { html.text("—") } else { TranslatorPage.time(&html, MissingReport.timestamp(date, fractional: false)) }
            html.close("td")
        }
        if showsResolved {
            html.open("td")
            if let resolvedAt = entry.resolvedAt { TranslatorPage.time(&html, MissingReport.timestamp(resolvedAt, fractional: false)) }
            html.close("td")
        }
        html.close("tr")
    }

    /// Links between the open entries (the default) and those a reload has resolved.
    private static func viewLinks(_ html: inout HTMLWriter, query: MissingQuery) {
        var items = query.filterItems.filter { $0.0 != "state" && $0.0 != "include" } + [("format", "html")]
        html.open("p")
        if query.view == .open {
            items.append(("state", "resolved"))
            html.element("a", ["href": TranslatorPage.href("/missing", items)], text: "Show the entries fixed since (resolved)")
        } else {
            html.element("a", ["href": TranslatorPage.href("/missing", items)], text: "Show the open entries")
        }
        html.close("p")
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
