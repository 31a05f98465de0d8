import LabelCore
/// What a reader of the missing-key report asks for: filters and one page.
///
/// Parsed once from the query items of `GET /missing` (or of any other view of
/// the report: an HTML page, XLIFF, a fleet-merged read), applied by
/// ``MissingReport/page(_:)``; renderers only ever see the resulting
/// ``MissingReportPage``, so every format paginates and filters alike.
public struct MissingReportQuery: Sendable, Hashable {
    /// Entries per page when `limit` is not given.
    public static let defaultLimit = 1_000
    /// The largest page: a full default-sized report.
    public static let maximumLimit = 10_000
    /// The largest offset accepted (far above any configurable report size).
    public static let maximumOffset = 100_000_000

    /// Canonical requested tag to keep, or nil for all.
    public var lang: String?
    /// Table to keep, or nil for all.
    public var table: String?
    /// Entries per page, 1...``maximumLimit``.
    public var limit: Int
    /// Matching entries to skip, in report order.
    public var offset: Int

    public init(lang: String? = nil, table: String? = nil, limit: Int = defaultLimit, offset: Int = 0) {
        self.lang = lang
        self.table = table
        self.limit = limit
        self.offset = offset
    }

    /// Reads `lang`, `table`, `limit` and `offset` from decoded query items; other
    /// names are left to the caller (`format`) or ignored. The last of a repeated name wins.
    public init(items: [(name: String, value: String)]) throws(Invalid) {
        self.init()
        for item in items {
            switch item.name {
            case "lang":
                guard let tag = LanguageTag(item.value) else {
                    throw Invalid(code: "invalid_language",
                                  message: "lang \"\(item.value.prefix(80))\" is not a well-formed BCP 47 language tag")
                }
                lang = tag.rawValue
            case "table":
                guard TableName.isValid(item.value) else {
                    throw Invalid(code: "invalid_table",
                                  message: "table must be 1-\(TableName.maximumLength) letters, digits, '_', '-' or '.'")
                }
                table = item.value
            case "limit":
                guard let value = Self.decimal(item.value), (1...Self.maximumLimit).contains(value) else {
                    throw Invalid(code: "invalid_limit",
                                  message: "limit must be an integer from 1 to \(Self.maximumLimit) (default \(Self.defaultLimit))")
                }
                limit = value
            case "offset":
                guard let value = Self.decimal(item.value), value <= Self.maximumOffset else {
                    throw Invalid(code: "invalid_offset", message: "offset must be an integer from 0 to \(Self.maximumOffset)")
                }
                offset = value
            default:
                continue
            }
        }
    }

    /// The query string (without `?`) of this query at another offset, with
    /// `extra` items (such as `format`) first; defaults are left out.
    public func queryString(offset: Int, extra: [(name: String, value: String)] = []) -> String {
        var items = extra
        if let lang { items.append(("lang", lang)) }
        if let table { items.append(("table", table)) }
        items.append(("limit", String(limit)))
        items.append(("offset", String(offset)))
        // Values are tags, table names and numbers: validated to unreserved characters.
        return items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// Plain ASCII digits only (no sign, no spaces), at most 9 of them.
    private static func decimal(_ text: String) -> Int? {
        guard (1...9).contains(text.utf8.count),
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// A query parameter out of range; `code` is the JSON error code.
    public struct Invalid: Error, Sendable, Hashable {
        public var code: String
        public var message: String
    }
}
