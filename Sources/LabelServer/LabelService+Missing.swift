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

    /// - Parameter source: the report to show instead of this replica's (the fleet's, merged).
    func readMissing(_ request: HTTPRequest, store: MissingReportStore, source: MissingReport? = nil) throws -> HTTPResponse {
        let items = try request.queryItems()
        var lang: String?
        var table: String?
        var format = "json"
        for item in items {
            switch item.name {
            case "lang": lang = item.value
            case "table": table = item.value
            case "format": format = item.value
            default: continue
            }
        }
        if let value = lang {
            guard let tag = LanguageTag(value) else {
                throw APIError.badRequest("invalid_language", "lang \"\(value.prefix(80))\" is not a well-formed BCP 47 language tag")
            }
            lang = tag.rawValue
        }
        if let table, !TableName.isValid(table) {
            throw APIError.badRequest("invalid_table", "table must be 1-\(TableName.maximumLength) letters, digits, '_', '-' or '.'")
        }
        let report = (source ?? store.recorder.snapshot()).filtered(lang: lang, table: table)
        switch format {
        case "json":
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: report.jsonBytes())
        case "csv":
            return HTTPResponse(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8; header=present"], body: report.csvBytes())
        case "strings":
            // One .strings file holds one table: the stub is for one table.
            let stubTable = table ?? "Localizable"
            let state = catalog.state
            let development = state.catalog.developmentLanguage
            let stub = report.filtered(table: stubTable).stringsStub { table, key in
                development.flatMap { state.catalog.entry(key: key, table: table, language: $0)?.string.template }
            }
            return HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain; charset=utf-8"], body: stub)
        default:
            throw APIError.badRequest("invalid_format", "format must be json, csv or strings")
        }
    }
}
