import Foundation
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

    /// Parses and validates the query items; empty values mean "not set" (a form's "All").
    init(items: [(name: String, value: String)]) throws(APIError) {
        for item in items {
            let value = item.value
            switch item.name {
            case "lang":
                guard !value.isEmpty else { continue }
                guard let tag = LanguageTag(value) else {
                    throw .badRequest("invalid_language", "lang \"\(value.prefix(80))\" is not a well-formed BCP 47 language tag")
                }
                lang = tag.rawValue
            case "table":
                guard !value.isEmpty else { continue }
                guard TableName.isValid(value) else {
                    throw .badRequest("invalid_table", "table must be 1-\(TableName.maximumLength) letters, digits, '_', '-' or '.'")
                }
                table = value
            case "q":
                guard !value.isEmpty else { continue }
                guard value.unicodeScalars.count <= Self.maximumSearchLength else {
                    throw .badRequest("invalid_search", "q must be at most \(Self.maximumSearchLength) characters")
                }
                search = value
            case "format":
                format = value
            case "limit":
                // Any positive page size is valid (a fleet peer asks for 10,000); the
                // HTML page shows at most maximumPageSize rows of it.
                guard let number = Int(value), number >= 1 else {
                    throw .badRequest("invalid_limit", "limit must be a positive integer")
                }
                limit = number
            case "offset":
                guard let number = Int(value), number >= 0 else {
                    throw .badRequest("invalid_offset", "offset must be a non-negative integer")
                }
                offset = number
            default:
                continue
            }
        }
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
