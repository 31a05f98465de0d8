import Foundation
import LabelCore
package import MissingKeys

/// The query of `GET /missing`, shared by every format: filters, search, page, format.
///
/// `limit`/`offset` are accepted here with the names and meaning of the JSON
/// pagination so all renderings page alike; the HTML page uses them.
package struct MissingQuery: Sendable, Hashable {
    package var lang: String?
    package var table: String?
    /// Case-insensitive substring of the key or of the development-language text.
    package var search: String?
    package var format: String?
    package var limit: Int?
    package var offset = 0
    /// `state`: open entries (the default), resolved ones, or all.
    package var view: MissingReport.View = .open
    /// `include=untranslated`: the server appends the keys `lang` lacks after the report's.
    package var includeUntranslated = false

    package static let maximumSearchLength = 256
    static let defaultPageSize = 200
    package static let maximumPageSize = 1_000

    package init(lang: String? = nil, table: String? = nil, search: String? = nil, format: String? = nil,
                 limit: Int? = nil, offset: Int = 0) {
        self.lang = lang
        self.table = table
        self.search = search
        self.format = format
        self.limit = limit
        self.offset = offset
    }

    /// The one filter every rendering applies: language, table, view (``view``), then search
    /// over the key and the development-language text. Report order is kept.
    package func apply(to report: MissingReport, sourceText: (_ table: String, _ key: String) -> String?) -> MissingReport {
        let filtered = report.filtered(lang: lang, table: table).filtered(view: view)
        guard let search else { return filtered }
        let needle = search.lowercased()
        return filtered.filtered { entry in
            entry.key.lowercased().contains(needle)
                || (sourceText(entry.table, entry.key)?.lowercased().contains(needle) ?? false)
        }
    }

    /// The query items that reproduce the filters (for links), without format and page.
    var filterItems: [(String, String)] {
        var items: [(String, String)] = []
        if let lang { items.append(("lang", lang)) }
        if let table { items.append(("table", table)) }
        if let search { items.append(("q", search)) }
        if view != .open { items.append(("state", view.rawValue)) }
        if includeUntranslated { items.append(("include", "untranslated")) }
        return items
    }
}
