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

    /// How ``answerBundle(_:context:)`` handled a request.
    enum BundleAnswer {
        /// Not a `GET`/`HEAD /labels`: the route table answers.
        case notHandled
        case now(HTTPResponse)
        /// Its body is being built on a worker, which answers through the promise.
        case deferred
    }

    /// `GET /labels?lang=&table=&format=` through the route table: builds what is
    /// missing in the calling thread, so only tests and workers call it with a body
    /// not built yet (the server's loops go through ``answerBundle(_:context:)``).
    func labelBundle(_ request: HTTPRequest) throws -> HTTPResponse {
        let wanted = try bundleRequest(request, state: holder.state)
        return bundleResponse(request, wanted, body: wanted.slot.body(wanted.format, gzip: wanted.gzip))
    }

    /// The whole resolved table from its built body; `If-None-Match` → 304.
    func bundleResponse(_ request: HTTPRequest, _ wanted: BundleRequest, body: PrecomputedBody) -> HTTPResponse {
        let gzip = wanted.gzip && body.hasGzip
        let etag = gzip ? body.gzipETag : body.etag

        var headers: HTTPHeaders = [:]
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "Vary", value: "Accept, Accept-Encoding, Accept-Language")
        headers.add(name: "Content-Language", value: wanted.slot.language.rawValue)
        if let match = request.headers.first(name: "If-None-Match"),
           EntityTag.matches(match, any: [body.etag, body.gzipETag]) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        let type = switch wanted.format {
        case .json: "application/json; charset=utf-8"
        case .strings: "text/plain; charset=utf-8"
        case .android: "application/xml; charset=utf-8"
        }
        headers.add(name: "Content-Type", value: type)
        if gzip { headers.add(name: "Content-Encoding", value: "gzip") }
        return HTTPResponse(status: .ok, headers: headers, body: gzip ? body.gzip : body.identity)
    }

    func bundleRequest(_ request: HTTPRequest, state: ServiceState) throws(APIError) -> BundleRequest {
        let parameters = try QueryParameters(request)
        let format = try parameters.format(among: ["json", "strings", "android"])
            ?? (MediaNegotiation.prefersXML(request.headers.first(name: "Accept")) ? "android" : "json")
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
        let bundleFormat: BundleSlot.Format = format == "android" ? .android : format == "strings" ? .strings : .json
        return BundleRequest(slot: slot, format: bundleFormat, gzip: gzip)
    }

    /// A `GET /labels` on an event loop: answered at once from a built body, or
    /// deferred to a worker that builds it (never on the loop), or refused with the
    /// route table's error. The query is decoded once, against one catalog state, so a
    /// reload in between cannot make the loop build.
    func answerBundle(_ request: HTTPRequest, context: HTTPRequestContext) -> BundleAnswer {
        guard request.path == "/labels", request.method == .get || request.method == .head else { return .notHandled }
        let started = DispatchTime.now().uptimeNanoseconds
        let wanted: BundleRequest
        do {
            wanted = try bundleRequest(request, state: holder.state)
        } catch {
            return .now(recorded(request, started: started, response: error.response))
        }
        if let body = wanted.slot.readyBody(wanted.format, gzip: wanted.gzip) {
            return .now(recorded(request, started: started, response: bundleResponse(request, wanted, body: body)))
        }
        let promise = context.deferResponse()
        Self.bundleBuilders.async {
            let body = wanted.slot.body(wanted.format, gzip: wanted.gzip)
            promise.succeed(recorded(request, started: started, response: bundleResponse(request, wanted, body: body)))
        }
        return .deferred
    }

    /// Where first requests build bundles: never an event loop.
    static let bundleBuilders = DispatchQueue(label: "label-server.bundles", qos: .userInitiated, attributes: .concurrent)
}
