import HTTP1
import LabelCore

extension LabelService {
    /// `GET /labels?lang=&table=&format=`: the whole resolved table, from
    /// bytes precomputed at load; `If-None-Match` → 304.
    func labelBundle(_ request: HTTPRequest) throws -> HTTPResponse {
        let parameters = try QueryParameters(request)
        let format = try parameters.format(among: ["json", "strings"]) ?? "json"
        let table = try parameters.tableName() ?? "Localizable"
        let preferred: [LanguageTag]
        if let tag = try parameters.language() {
            preferred = [tag]
        } else {
            // A bundle follows one language: the client's first preference.
            preferred = Array(request.headers.first(name: "Accept-Language").map(AcceptLanguage.preferences)?.prefix(1) ?? [])
        }
        let state = holder.state
        guard let bundle = state.bundles.bundle(table: table, chain: state.resolver.chain(preferred: preferred)) else {
            throw APIError(.notFound, "unknown_table", "table \(table) has no strings in any language of the chain")
        }
        let body = format == "json" ? bundle.json : bundle.strings
        let gzip = body.hasGzip && ContentCoding.negotiate(request.headers.first(name: "Accept-Encoding")) == .gzip
        let etag = gzip ? body.gzipETag : body.etag

        var headers: HTTPHeaders = [:]
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "Vary", value: "Accept-Encoding, Accept-Language")
        headers.add(name: "Content-Language", value: bundle.language.rawValue)
        if let match = request.headers.first(name: "If-None-Match"),
           EntityTag.matches(match, any: [body.etag, body.gzipETag]) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add(name: "Content-Type", value: format == "json" ? "application/json; charset=utf-8" : "text/plain; charset=utf-8")
        if gzip { headers.add(name: "Content-Encoding", value: "gzip") }
        return HTTPResponse(status: .ok, headers: headers, body: gzip ? body.gzip : body.identity)
    }
}
