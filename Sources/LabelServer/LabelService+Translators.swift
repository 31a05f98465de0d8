import HTTP1
import LabelCore

extension LabelService {
    /// `GET /coverage`: JSON, or the page for browsers (`format=html`); filters `lang`, `table`.
    func coverageReport(_ request: HTTPRequest) throws -> HTTPResponse {
        let query = try MissingQuery(items: request.queryItems())
        let state = catalog.state
        let rows = state.coverage.rows(language: query.lang, table: query.table)
        let development = state.catalog.developmentLanguage?.rawValue
        switch query.format ?? (MediaNegotiation.prefersHTML(request.headers.first(name: "Accept")) ? "html" : "json") {
        case "json":
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8", "Vary": "Accept"],
                                body: CoveragePage.json(developmentLanguage: development, rows: rows))
        case "html":
            return TranslatorPage.response(CoveragePage.html(developmentLanguage: development, rows: rows))
        default:
            throw APIError.badRequest("invalid_format", "format must be json or html")
        }
    }
}

extension LabelService {
    /// `GET /usage`: per catalog key, requests and last request; `unused=true`, `table`, `format`.
    func usageReport(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let usage else {
            throw APIError(.notFound, "usage_disabled", "this server counts no key usage (--usage off)")
        }
        var unused = false
        var rest: [(name: String, value: String)] = []
        for item in try request.queryItems() {
            if item.name == "unused" {
                switch item.value {
                case "true": unused = true
                case "false": unused = false
                default: throw APIError.badRequest("invalid_unused", "unused must be true or false")
                }
            } else {
                rest.append(item)
            }
        }
        let query = try MissingQuery(items: rest)
        let state = catalog.state
        let (since, totals) = usage.snapshot()
        let entries = UsagePage.entries(keys: state.usage.keys, totals: totals, table: query.table, unused: unused)
        switch query.format ?? (MediaNegotiation.prefersHTML(request.headers.first(name: "Accept")) ? "html" : "json") {
        case "json":
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8", "Vary": "Accept"],
                                body: UsagePage.json(since: since, entries: entries))
        case "html":
            return TranslatorPage.response(UsagePage.html(since: since, entries: entries, table: query.table,
                                                          tables: state.catalog.tables, unused: unused))
        default:
            throw APIError.badRequest("invalid_format", "format must be json or html")
        }
    }
}
