/// What a reader of the missing-key report asks for: filters and one page.
///
/// Built by the server from the validated query of `GET /missing` (or of any other
/// view of the report: an HTML page, XLIFF), applied by
/// ``MissingReport/page(_:)``; renderers only ever see the resulting
/// ``MissingReportPage``, so every format paginates and filters alike.
package struct MissingReportQuery: Sendable, Hashable {
    /// Entries per page when `limit` is not given.
    package static let defaultLimit = 1_000
    /// The largest page: a full default-sized report.
    package static let maximumLimit = 10_000
    /// The largest offset accepted (far above any configurable report size).
    package static let maximumOffset = 100_000_000

    /// Canonical requested tag to keep, or nil for all.
    package var lang: String?
    /// Table to keep, or nil for all.
    package var table: String?
    /// Entries per page, 1...``maximumLimit``.
    package var limit: Int
    /// Matching entries to skip, in report order.
    package var offset: Int
    /// `state`: open entries (the default), resolved ones, or all.
    package var view: MissingReport.View
    /// `include=untranslated`: the report's entries are followed by the keys the development
    /// language has and `lang` lacks (added by the server, which knows the catalog).
    package var includeUntranslated: Bool

    package init(lang: String? = nil, table: String? = nil, limit: Int = defaultLimit, offset: Int = 0,
                 view: MissingReport.View = .open, includeUntranslated: Bool = false) {
        self.lang = lang
        self.table = table
        self.limit = limit
        self.offset = offset
        self.view = view
        self.includeUntranslated = includeUntranslated
    }

    /// The query string (without `?`) of this query at another offset, with
    /// `extra` items (such as `format`) first; defaults are left out.
    package func queryString(offset: Int, extra: [(name: String, value: String)] = []) -> String {
        var items = extra
        if let lang { items.append(("lang", lang)) }
        if let table { items.append(("table", table)) }
        if view != .open { items.append(("state", view.rawValue)) }
        if includeUntranslated { items.append(("include", "untranslated")) }
        items.append(("limit", String(limit)))
        items.append(("offset", String(offset)))
        // Values are tags, table names and numbers: validated to unreserved characters.
        return items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }
}
