import Foundation
import HTTP1
import LabelCore
import LabelTranslators
import MissingKeys

extension LabelService {
    /// `GET /coverage`: JSON, or the page for browsers (`format=html`); filters `lang`, `table`.
    func coverageReport(_ request: HTTPRequest, state: ServiceState) throws -> HTTPResponse {
        let query = try MissingQuery(request)
        let rows = state.coverage.rows(language: query.lang, table: query.table)
        let development = state.catalog.developmentLanguage?.rawValue
        switch query.format ?? (MediaNegotiation.prefersHTML(request.headers.first(.accept)) ? "html" : "json") {
        case "json":
            return HTTPResponse(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .vary: "Accept"],
                                body: CoveragePage.json(developmentLanguage: development, rows: rows))
        case "html":
            return TranslatorPage.response(CoveragePage.html(developmentLanguage: development, rows: rows))
        default:
            throw QueryParameters.invalidFormat(["json", "html"])
        }
    }
}

extension LabelService {
    /// What `GET /usage` asks for.
    struct UsageQuery {
        var unused: Bool
        var filters: MissingQuery
    }

    /// `GET /usage`: per catalog key, requests and last request; `unused=true`, `table`, `format`.
    func usageReport(_ request: HTTPRequest, mayBlock: Bool = true) throws -> HTTPResponse {
        if let shared { return try sharedUsageReport(request, shared: shared, mayBlock: mayBlock) }
        let (usage, query) = try usageQuery(request)
        let (since, totals) = usage.snapshot()
        return try usageResponse(request, query: query, since: since, totals: totals)
    }

    /// The store and the parsed query, or the 404/400 the request gets.
    func usageQuery(_ request: HTTPRequest) throws -> (UsageStore, UsageQuery) {
        guard let usage else {
            throw APIError(.notFound, "usage_disabled", "this server counts no key usage (--usage off)")
        }
        return (usage, try usageFilters(request))
    }

    /// The parsed query of `GET /usage`, or the 400 the request gets.
    func usageFilters(_ request: HTTPRequest) throws -> UsageQuery {
        try Self.checkScope(request)
        let parameters = try QueryParameters(request, emptyIsAbsent: true)
        let unused = try parameters.unusedFlag() ?? false
        let query = try MissingQuery(parameters)
        // Checked before a fleet asks its peers; the renderer switches on it again.
        _ = try parameters.format(among: ["json", "html"])
        return UsageQuery(unused: unused, filters: query)
    }

    /// Renders totals (this replica's, or the fleet's summed) for the catalog's keys.
    ///
    /// - Parameter unreachable: peers left out of `totals` (the page shows a banner).
    func usageResponse(_ request: HTTPRequest, query: UsageQuery, since: Date, totals: [UsageCounters.Key: UsageStore.Totals],
                       unreachable: [String] = []) throws -> HTTPResponse {
        let state = holder.state
        let table = query.filters.table
        let entries = UsagePage.entries(keys: state.usage.keys, totals: totals, table: table, unused: query.unused)
        switch query.filters.format ?? (MediaNegotiation.prefersHTML(request.headers.first(.accept)) ? "html" : "json") {
        case "json":
            return HTTPResponse(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .vary: "Accept"],
                                body: UsagePage.json(since: since, entries: entries))
        case "html":
            return TranslatorPage.response(UsagePage.html(since: since, entries: entries, table: table,
                                                          tables: state.catalog.tables, unused: query.unused,
                                                          unreachable: unreachable))
        default:
            throw QueryParameters.invalidFormat(["json", "html"])
        }
    }
}
