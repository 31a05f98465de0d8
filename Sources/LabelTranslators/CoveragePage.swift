package import LabelCore

/// `GET /coverage` as JSON and as a page; the table is shared with `/missing`.
package enum CoveragePage {
    /// `{"developmentLanguage", "languages": [{"lang","table","total","translated","missing":[keys],
    /// "incompletePlurals":[{"key","categories"}],"percent"}]}`.
    package static func json(developmentLanguage: String?, rows: [Coverage.Row]) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + rows.reduce(0) { $0 + 256 + $1.missing.count * 24 })
        json.beginObject()
        json.field("developmentLanguage", developmentLanguage)
        json.array("languages", rows) { object, row in
            object.beginObject()
            object.field("lang", row.language.rawValue)
            object.field("table", row.table)
            object.field("total", row.total)
            object.field("translated", row.translated)
            object.field("missing", strings: row.missing)
            object.array("incompletePlurals", row.incompletePlurals) { item, plural in
                item.beginObject()
                item.field("key", plural.key)
                item.field("categories", strings: plural.categories.map(\.rawValue))
                item.endObject()
            }
            object.field("percent", raw: Array(String(row.percent).utf8))
            object.endObject()
        }
        json.endObject()
        return json.bytes
    }

    /// The full page: the table, then per row the keys still missing and the incomplete plurals.
    package static func html(developmentLanguage: String?, rows: [Coverage.Row]) -> [UInt8] {
        TranslatorPage.document(title: "Coverage", current: "/coverage") { html in
            html.element("p", text: "Each language compared with the development language (\(developmentLanguage ?? "none: the union of all languages")), table by table, as loaded.")
            guard !rows.isEmpty else {
                html.element("p", text: "The store has no strings.")
                return
            }
            table(&html, rows: rows, caption: "Translated keys per language and table", listKeys: true)
        }
    }

    /// The coverage table; with `listKeys`, a last column lists missing keys and incomplete plurals.
    static func table(_ html: inout HTMLWriter, rows: [Coverage.Row], caption: String, listKeys: Bool) {
        html.open("div", ["class": "scroll", "role": "region", "aria-label": caption, "tabindex": "0"])
        html.open("table")
        html.element("caption", text: caption)
        html.open("thead")
        html.open("tr")
        html.element("th", ["scope": "col"], text: "Language")
        html.element("th", ["scope": "col"], text: "Table")
        html.element("th", ["scope": "col", "class": "num"], text: "Translated")
        html.element("th", ["scope": "col", "class": "num"], text: "Missing")
        html.element("th", ["scope": "col", "class": "num"], text: "Incomplete plurals")
        html.element("th", ["scope": "col", "class": "num"], text: "Coverage")
        if listKeys { html.element("th", ["scope": "col"], text: "Keys to translate") }
        html.close("tr")
        html.close("thead")
        html.open("tbody")
        for row in rows {
            html.open("tr")
            html.element("th", ["scope": "row"], text: row.language.rawValue)
            html.open("td")
            html.data(row.table)
            html.close("td")
            html.element("td", ["class": "num"], text: "\(row.translated) of \(row.total)")
            html.element("td", ["class": "num"], text: String(row.missing.count))
            html.element("td", ["class": "num"], text: String(row.incompletePlurals.count))
            html.element("td", ["class": "num"], text: "\(row.percent) %")
            if listKeys {
                html.open("td")
                for key in row.missing {
                    html.open("code")
                    html.data(key)
                    html.close("code")
                    html.text(" ")
                }
                for plural in row.incompletePlurals {
                    html.open("code")
                    html.data(plural.key)
                    html.close("code")
                    html.text(" (needs " + plural.categories.map(\.rawValue).joined(separator: ", ") + ") ")
                }
                html.close("td")
            }
            html.close("tr")
        }
        html.close("tbody")
        html.close("table")
        html.close("div")
    }
}
