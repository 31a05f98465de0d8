import Dispatch
import HTTP1
import HTTPServer
import LabelCore

extension LabelService {
    /// What a `GET /labels` asks for, decoded once for the handler and for the
    /// check whether its body is built yet.
    struct BundleRequest {
        var slot: BundleSlot
        var format: BundleSlot.Format
        /// The client accepts gzip: the body must be compressed to answer (its size decides the ETag).
        var gzip: Bool
    }

    /// `GET /labels?lang=&table=&format=`: the whole resolved table. Bodies are
    /// built on first use (on a worker: see ``deferUnbuiltBundle(_:context:)``) and
    /// kept for the catalog's life; `If-None-Match` → 304.
    func labelBundle(_ request: HTTPRequest) throws -> HTTPResponse {
        let wanted = try bundleRequest(request, state: holder.state)
        // Already built when an event loop calls this; otherwise this is a worker (or a test).
        let body = wanted.slot.body(wanted.format, gzip: wanted.gzip)
        let gzip = wanted.gzip && body.hasGzip
        let etag = gzip ? body.gzipETag : body.etag

        var headers: HTTPHeaders = [:]
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "Vary", value: "Accept-Encoding, Accept-Language")
        headers.add(name: "Content-Language", value: wanted.slot.language.rawValue)
        if let match = request.headers.first(name: "If-None-Match"),
           EntityTag.matches(match, any: [body.etag, body.gzipETag]) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        let type = wanted.format == .json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8"
        headers.add(name: "Content-Type", value: type)
        if gzip { headers.add(name: "Content-Encoding", value: "gzip") }
        return HTTPResponse(status: .ok, headers: headers, body: gzip ? body.gzip : body.identity)
    }

    func bundleRequest(_ request: HTTPRequest, state: ServiceState) throws -> BundleRequest {
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
        guard let slot = state.bundles.slot(table: table, chain: state.resolver.chain(preferred: preferred)) else {
            throw APIError(.notFound, "unknown_table", "table \(table) has no strings in any language of the chain")
        }
        let gzip = ContentCoding.negotiate(request.headers.first(name: "Accept-Encoding")) == .gzip
        return BundleRequest(slot: slot, format: format == "json" ? .json : .strings, gzip: gzip)
    }

    /// Builds on a worker when a `GET /labels` needs a body not built yet, and
    /// answers through a promise; `true` when deferred. A bad request, an unknown
    /// table or a built body answers on the loop as before.
    func deferUnbuiltBundle(_ request: HTTPRequest, context: HTTPRequestContext) -> Bool {
        guard request.path == "/labels", request.method == .get || request.method == .head,
              let wanted = try? bundleRequest(request, state: holder.state),
              wanted.slot.readyBody(wanted.format, gzip: wanted.gzip) == nil else { return false }
        let started = DispatchTime.now().uptimeNanoseconds
        let promise = context.deferResponse()
        Self.bundleBuilders.async {
            _ = wanted.slot.body(wanted.format, gzip: wanted.gzip)
            // Through the route table, so the answer, its metrics and its log line are the
            // usual ones (a reload meanwhile: the new catalog answers, built here too).
            promise.succeed(respond(to: request, started: started))
        }
        return true
    }

    /// Where first requests build bundles: never an event loop.
    static let bundleBuilders = DispatchQueue(label: "label-server.bundles", qos: .userInitiated, attributes: .concurrent)
}
