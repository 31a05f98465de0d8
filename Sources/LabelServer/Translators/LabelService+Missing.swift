import GzipCoding
import Dispatch
import Foundation
import HTTP1
import HTTPServer
import LabelCore
import LabelTranslators
import MissingKeys

extension LabelService {
    /// `GET`, `POST` and `DELETE /missing`.
    ///
    /// - Parameter mayBlock: false on an event loop: a read that needs the catalog checked
    ///   against the report, or a language's untranslated keys listed, throws
    ///   `LabelRoute.NotBuilt` and runs again on the builds worker.
    func missingReport(_ request: HTTPRequest, state: ServiceState, mayBlock: Bool = true) throws -> HTTPResponse {
        if let shared { return try sharedMissingReport(request, shared: shared, state: state, mayBlock: mayBlock) }
        guard let missing else {
            throw APIError(.notFound, "missing_report_disabled", "this server keeps no missing-key report")
        }
        // ``routes`` lets only GET, HEAD, POST and DELETE through.
        switch request.method {
        case .post:
            let response = try Self.recordReported(request, into: missing.recorder)
            missingCache.invalidate()
            return response
        case .delete:
            try admin.check(request)
            defer { missingCache.invalidate() }
            if let entry = try Self.entryToRemove(request) {
                return Self.removedResponse(try missing.remove(key: entry.key, requested: entry.lang, table: entry.table))
            }
            try missing.reset()
            return Self.json(.ok, #"{"status":"reset"}"#)
        default:
            return try readMissing(request, store: missing, state: state, mayBlock: mayBlock)
        }
    }

    /// Whether `DELETE /missing` (this replica's) goes to the state-writes worker: anything
    /// refused (401/403, a bad scope, no report) is answered at once on the loop.
    func acceptsMissingReset(_ request: HTTPRequest) -> Bool {
        (missing != nil || shared != nil) && (try? admin.check(request)) != nil && (try? Self.checkScope(request)) != nil
    }

    /// The JSON bytes of a `POST /missing`, after the checks that keep web
    /// pages out: only `application/json` (a cross-site form or `text/plain`
    /// post is a CORS "simple request" any page can send; JSON needs a
    /// preflight this server never grants), any parameters such as
    /// `charset=utf-8`. `Content-Encoding` identity or gzip (decoded, with the
    /// body limit applied to the decoded size); anything else is 415.
    static func reportedBody(_ request: HTTPRequest) throws(APIError) -> [UInt8] {
        let contentType = request.headers.values(.contentType)
        // The media type is what comes before any parameters: `application/json; charset=utf-8`.
        let mediaType = contentType.first?.split(separator: ";", omittingEmptySubsequences: false).first
            .map { $0.trimmingOWS().lowercased() }
        guard contentType.count == 1, mediaType == "application/json" else {
            throw APIError(.unsupportedMediaType, "unsupported_media_type",
                           "POST /missing takes Content-Type: application/json, not \(contentType.first.map { "\"\($0.prefix(80))\"" } ?? "none")",
                           headers: ["Accept-Post": "application/json"])
        }
        let codings = request.headers.values(.contentEncoding)
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingOWS().lowercased() }
            .filter { $0 != "identity" }
        switch codings {
        case []:
            return request.body
        case ["gzip"], ["x-gzip"]:
            let limit = MissingKeyRecorder.maximumReportedBodyBytes
            do {
                return try Gzip.decompress(request.body, limit: limit)
            } catch where error.exceededLimit {
                throw APIError(.contentTooLarge, "payload_too_large", "the decoded body is over \(limit) bytes")
            } catch {
                throw APIError.badRequest("invalid_content_encoding", "the body is not a valid gzip stream")
            }
        default:
            throw APIError(.unsupportedMediaType, "unsupported_content_encoding",
                           "Content-Encoding must be identity or gzip, not \"\(codings.joined(separator: ", ").prefix(80))\"",
                           headers: [.acceptEncoding: "gzip, identity"])
        }
    }

    /// - Parameters:
    ///   - source: the report to show instead of this replica's (the fleet's, merged off
    ///     the event loop): rendered directly, never cached.
    ///   - unreachable: peers left out of `source` (the page shows a banner; other formats
    ///     are marked by ``markFleet(_:unreachable:fleet:)``).
    func readMissing(_ request: HTTPRequest, store: MissingReportStore?, state: ServiceState, source: MissingReport? = nil,
                     unreachable: [String] = [], mayBlock: Bool = true) throws -> HTTPResponse {
        // MissingQuery reads every parameter (an empty value is a form's "All");
        // MissingReportQuery is the page the JSON, CSV and .strings renderings cut.
        let missingQuery = try MissingQuery(missing: request)
        var query = try Self.reportQuery(missingQuery)
        let negotiatedFormat = missingQuery.format == nil
        let format = missingQuery.format ?? (MediaNegotiation.prefersHTML(request.headers.first(.accept)) ? "html" : "json")
        guard Self.missingFormats.contains(format) else { throw QueryParameters.invalidFormat(Self.missingFormats) }
        // Only a valid query costs the backlog's work: a 400 lists no untranslated keys.
        let untranslated = try backlog(missingQuery, store: store, state: state, mayBlock: mayBlock)
        // XLIFF and HTML are rendered per request, never cached: with the backlog in them,
        // on the builds worker, not on an event loop.
        if !mayBlock, untranslated != nil, format == "xliff" || format == "html" { throw LabelRoute.NotBuilt() }
        let development = state.catalog.developmentLanguage
        let sourceText = { (table: String, key: String) -> String? in
            development.flatMap { state.catalog.entry(key: key, table: table, language: $0)?.string.template }
        }
        let contentType: String
        switch format {
        case "json": contentType = "application/json; charset=utf-8"
        case "csv": contentType = "text/csv; charset=utf-8; header=present"
        case "strings":
            contentType = "text/plain; charset=utf-8"
            // One .strings file holds one table: the stub is for one table.
            if query.table == nil { query.table = "Localizable" }
        case "xliff", "html":
            let full = Backlog.appending(untranslated, to: source ?? store?.recorder.snapshot() ?? MissingReport(entries: [], since: Date()))
            var response = translatorExport(format: format, query: missingQuery, full: full, untranslated: untranslated,
                                            unreachable: unreachable, state: state, sourceText: sourceText)
            Self.addBacklogHeaders(&response.headers, format: format, lang: missingQuery.lang, untranslated: untranslated)
            return response
        default:
            throw QueryParameters.invalidFormat(Self.missingFormats)
        }
        let key = MissingReportCache.Key(query: query, format: format, search: missingQuery.search,
                                         catalogLoadedAt: format == "strings" || missingQuery.search != nil || untranslated != nil
                                            ? state.loadedAt.timeIntervalSince1970 : 0)
        // A fleet's JSON is rewritten afterwards (``markFleet(_:leftOut:fleet:)``): left identity.
        let wantsGzip = ContentEncodingChoice.acceptsGzip(request) && !(source != nil && format == "json" && shared == nil)
        let render = { (recorded: MissingReport) -> MissingReportCache.Page in
            // Untranslated keys after the report's; the search (over keys and development
            // text); then filters and the page.
            let report = Backlog.appending(untranslated, to: recorded)
            let searched = missingQuery.search == nil ? report : missingQuery.apply(to: report, sourceText: sourceText)
            var page = Self.renderMissing(searched.page(query), format: format, state: state)
            if format == "json", let untranslated { page = Backlog.marking(page, untranslated) }
            return page
        }
        let page: MissingReportCache.Page
        if let store, source == nil {
            page = missingCache.page(key, gzip: wantsGzip, recorder: store.recorder, render: render)
        } else {
            // A report from elsewhere (the fleet's, the shared store's): rendered directly, never cached.
            var rendered = render(source ?? MissingReport(entries: [], since: Date()))
            if wantsGzip, rendered.identity.count >= MissingReportCache.gzipThreshold {
                rendered.gzip = try? Gzip.compress(rendered.identity, level: 1)
            }
            page = rendered
        }
        var headers: HTTPHeaders = [:]
        headers.add(.contentType, value: contentType)
        headers.add(.cacheControl, value: "no-cache")
        Self.addBacklogHeaders(&headers, format: missingQuery.format, lang: missingQuery.lang, untranslated: untranslated)
        // CSV and .strings have no place for these in the body; JSON has them in both.
        headers.add("X-Total-Count", value: String(page.total))
        if let next = page.nextOffset {
            var extra: [(name: String, value: String)] = format == "json" ? [] : [("format", format)]
            if let search = missingQuery.search {
                let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_.~"))
                extra.append(("q", search.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""))
            }
            headers.add(.link, value: "</missing?\(query.queryString(offset: next, extra: extra))>; rel=\"next\"")
        }
        let choice = ContentEncodingChoice(acceptsGzip: wantsGzip, identity: page.identity, gzip: page.gzip)
        headers.add(.vary, value: ContentEncodingChoice.vary(negotiatedFormat ? "Accept" : nil))
        choice.addContentEncoding(to: &headers)
        return HTTPResponse(status: .ok, headers: headers, body: choice.body)
    }

    /// `GET /missing`'s `format` values.
    static let missingFormats = ["json", "csv", "strings", "xliff", "html"]

    /// The page of the report the JSON, CSV and .strings renderings cut, its bounds checked.
    static func reportQuery(_ missingQuery: MissingQuery) throws -> MissingReportQuery {
        let query = MissingReportQuery(lang: missingQuery.lang, table: missingQuery.table,
                                       limit: missingQuery.limit ?? MissingReportQuery.defaultLimit, offset: missingQuery.offset,
                                       view: missingQuery.view, includeUntranslated: missingQuery.includeUntranslated)
        guard query.limit <= MissingReportQuery.maximumLimit else {
            throw QueryParameters.limitAbove(MissingReportQuery.maximumLimit, default: MissingReportQuery.defaultLimit)
        }
        guard query.offset <= MissingReportQuery.maximumOffset else {
            throw QueryParameters.offsetAbove(MissingReportQuery.maximumOffset)
        }
        return query
    }

    /// The translators' XLIFF file and HTML page, rendered per request.
    private func translatorExport(format: String, query: MissingQuery, full: MissingReport, untranslated: Backlog.Untranslated?,
                                  unreachable: [String], state: ServiceState,
                                  sourceText: @escaping (String, String) -> String?) -> HTTPResponse {
        let development = state.catalog.developmentLanguage
        let report = query.apply(to: full, sourceText: sourceText)
        if format == "xliff" {
            let body = MissingExport.xliff(report, catalog: state.catalog)
            return HTTPResponse(status: .ok, headers: [.contentType: XLIFFExport.contentType], body: body)
        }
        let coverage = state.coverage.rows(language: query.lang, table: query.table)
        let languages = Set(full.entries.map(\.requested)).union(state.catalog.languages.map(\.rawValue))
        let body = MissingPage.render(report: report, query: query, coverage: coverage,
                                      languages: languages.sorted(), tables: state.catalog.tables,
                                      unreachable: unreachable,
                                      untranslated: untranslated.map { ($0.entries.count, $0.total) },
                                      developmentLanguage: development?.rawValue) { table, key, plural in
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
    }

    /// One format's rendering of a page; called once per report generation and page.
    static func renderMissing(_ page: MissingReportPage, format: String, state: ServiceState) -> MissingReportCache.Page {
        let body: [UInt8]
        switch format {
        case "csv":
            body = page.report.csvBytes()
        case "strings":
            let development = state.catalog.developmentLanguage
            body = page.report.stringsStub(developmentValue: { table, key in
                development.flatMap { state.catalog.entry(key: key, table: table, language: $0)?.string.template }
            }, developerComment: state.catalog.developerComment)
        default:
            body = page.jsonBytes(next: page.nextOffset.map { "/missing?\(page.query.queryString(offset: $0))" })
        }
        return MissingReportCache.Page(identity: body, gzip: nil, total: page.total, nextOffset: page.nextOffset)
    }
}
