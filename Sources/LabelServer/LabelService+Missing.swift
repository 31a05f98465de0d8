import Foundation
import HTTP1
import LabelCore

extension LabelService {
    /// `GET`, `POST` and `DELETE /missing`.
    func missingReport(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let missing else {
            throw APIError(.notFound, "missing_report_disabled", "this server keeps no missing-key report")
        }
        switch request.method {
        case .get, .head:
            return try readMissing(request, store: missing)
        case .post:
            let summary = try missing.recorder.recordReported(request.body)
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("recorded", summary.recorded)
            writer.field("added", summary.added)
            writer.field("dropped", summary.dropped)
            writer.endObject()
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: writer.bytes)
        case .delete:
            try admin.check(request)
            try missing.reset()
            return Self.json(.ok, #"{"status":"reset"}"#)
        default:
            throw APIError.methodNotAllowed(request.method, allow: "GET, HEAD, POST, DELETE")
        }
    }

    /// - Parameters:
    ///   - source: the report to show instead of this replica's (the fleet's, merged).
    ///   - unreachable: peers left out of `source` (the page shows a banner; other formats
    ///     are marked by ``markFleet(_:unreachable:fleet:)``).
    func readMissing(_ request: HTTPRequest, store: MissingReportStore, source: MissingReport? = nil,
                     unreachable: [String] = []) throws -> HTTPResponse {
        let query = try MissingQuery(items: request.queryItems())
        let state = catalog.state
        let development = state.catalog.developmentLanguage
        let sourceText = { (table: String, key: String) -> String? in
            development.flatMap { state.catalog.entry(key: key, table: table, language: $0)?.string.template }
        }
        let full = source ?? store.recorder.snapshot()
        let report = query.apply(to: full, sourceText: sourceText)
        let format = query.format ?? (MediaNegotiation.prefersHTML(request.headers.first(name: "Accept")) ? "html" : "json")
        switch format {
        case "json":
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8", "Vary": "Accept"],
                                body: report.jsonBytes())
        case "csv":
            return HTTPResponse(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8; header=present"], body: report.csvBytes())
        case "strings":
            // One .strings file holds one table: the stub is for one table.
            let stubTable = query.table ?? "Localizable"
            let stub = report.filtered(table: stubTable).stringsStub { table, key in sourceText(table, key) }
            return HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain; charset=utf-8"], body: stub)
        case "xliff":
            let body = XLIFFExport.render(report: report, developmentLanguage: development?.rawValue ?? "en") { table, key, language in
                LanguageTag(language).flatMap { state.catalog.entry(key: key, table: table, language: $0)?.string }
            }
            return HTTPResponse(status: .ok, headers: ["Content-Type": XLIFFExport.contentType,
                                                       "Content-Disposition": #"attachment; filename="missing.xliff""#],
                                body: body)
        case "html":
            let coverage = state.coverage.rows(language: query.lang, table: query.table)
            let languages = Set(full.entries.map(\.requested)).union(state.catalog.languages.map(\.rawValue))
            let body = MissingPage.render(report: report, query: query, coverage: coverage,
                                          languages: languages.sorted(), tables: state.catalog.tables,
                                          unreachable: unreachable) { table, key, plural in
                guard let development, let string = state.catalog.entry(key: key, table: table, language: development)?.string else {
                    return nil
                }
                if let plural, let variable = string.variables[plural.variable] {
                    return variable.variants[plural.category] ?? variable.variants[.other]
                }
                // A template that is one plural variable says nothing: show its `other` form.
                if string.variables.count == 1, let (name, variable) = string.variables.first, string.template == "%#@\(name)@" {
                    return variable.variants[.other] ?? string.template
                }
                return string.template
            }
            return TranslatorPage.response(body)
        default:
            throw APIError.badRequest("invalid_format", "format must be json, csv, strings, xliff or html")
        }
    }
}
