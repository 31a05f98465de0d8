import Foundation
import HTTP1
import LabelCore
import MissingKeys

/// The query of `GET /missing`, shared by every format: filters, search, page, format.
///
/// `limit`/`offset` are accepted here with the names and meaning of the JSON
/// pagination (issue 9) so all renderings page alike; the HTML page uses them.
struct MissingQuery: Sendable, Hashable {
    var lang: String?
    var table: String?
    /// Case-insensitive substring of the key or of the development-language text.
    var search: String?
    var format: String?
    var limit: Int?
    var offset = 0

    static let maximumSearchLength = 256
    static let defaultPageSize = 200
    static let maximumPageSize = 1_000

    init(lang: String? = nil, table: String? = nil, search: String? = nil, format: String? = nil,
         limit: Int? = nil, offset: Int = 0) {
        self.lang = lang
        self.table = table
        self.search = search
        self.format = format
        self.limit = limit
        self.offset = offset
    }

    /// Reads and validates the report parameters of a request; empty `lang`, `table`
    /// and `q` mean "not set" (a form's "All").
    init(_ request: HTTPRequest) throws(APIError) {
        try self.init(QueryParameters(request, emptyIsAbsent: true))
    }

    /// Validates the report parameters of a decoded query.
    ///
    /// `limit` is any positive page size here (a fleet peer asks for 10,000); the
    /// HTML page shows at most ``maximumPageSize`` rows of it.
    init(_ parameters: QueryParameters) throws(APIError) {
        lang = try parameters.language()?.rawValue
        table = try parameters.tableName()
        search = try parameters.searchText(maximumCharacters: Self.maximumSearchLength)
        format = parameters.format
        limit = try parameters.pageLimit()
        offset = try parameters.pageOffset() ?? 0
    }

    /// The one filter every rendering applies: language, table, then search
    /// over the key and the development-language text. Report order is kept.
    func apply(to report: MissingReport, sourceText: (_ table: String, _ key: String) -> String?) -> MissingReport {
        let filtered = report.filtered(lang: lang, table: table)
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
        return items
    }
}
