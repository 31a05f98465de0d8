import HTTP1
import HTTPServer
import LabelCore

extension LabelService {
    /// What a `GET /labels` asks for.
    struct BundleRequest {
        var slot: BundleSlot
        var format: BundleSlot.Format
        /// The client accepts gzip: the body must be compressed to answer (its size decides the ETag).
        var gzip: Bool
    }

    /// `GET /labels?lang=&table=&format=`: the whole resolved table, from a built body.
    /// On an event loop (`mayBlock` false) a body not built yet throws
    /// ``LabelRoute/NotBuilt``: the dispatcher calls this again on the build worker, with
    /// the same state snapshot, so a reload in between cannot make the loop build.
    func labelBundle(_ call: LabelRoute.Call) throws -> HTTPResponse {
        let wanted = try bundleRequest(call.request, state: call.state)
        if let body = wanted.slot.readyBody(wanted.format, gzip: wanted.gzip) {
            return bundleResponse(call.request, wanted, body: body)
        }
        guard call.mayBlock else { throw LabelRoute.NotBuilt() }
        return bundleResponse(call.request, wanted, body: wanted.slot.body(wanted.format, gzip: wanted.gzip))
    }

    /// The whole resolved table from its built body; `If-None-Match` → 304.
    func bundleResponse(_ request: HTTPRequest, _ wanted: BundleRequest, body: PrecomputedBody) -> HTTPResponse {
        let choice = ContentEncodingChoice(acceptsGzip: wanted.gzip, identity: body.identity, gzip: body.gzip,
                                           etags: (body.etag, body.gzipETag))
        var headers: HTTPHeaders = [:]
        headers.add(name: "ETag", value: choice.etag ?? body.etag)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "Vary", value: "Accept, Accept-Encoding, Accept-Language")
        headers.add(name: "Content-Language", value: wanted.slot.language.rawValue)
        if let match = request.headers.first(name: "If-None-Match"),
           EntityTag.matches(match, any: [body.etag, body.gzipETag]) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add(name: "Content-Type", value: Self.contentType(wanted.format))
        choice.addContentEncoding(to: &headers)
        return HTTPResponse(status: .ok, headers: headers, body: choice.body)
    }

    static func contentType(_ format: BundleSlot.Format) -> String {
        switch format {
        case .json: "application/json; charset=utf-8"
        case .strings: "text/plain; charset=utf-8"
        case .stringsdict: "application/x-plist; charset=utf-8"
        case .android: "application/xml; charset=utf-8"
        }
    }

    func bundleRequest(_ request: HTTPRequest, state: ServiceState) throws(APIError) -> BundleRequest {
        let parameters = try QueryParameters(request)
        let format = try parameters.format(among: ["json", "strings", "stringsdict", "android"])
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
        let gzip = ContentEncodingChoice.acceptsGzip(request)
        let kind: BundleSlot.Format = switch format {
        case "strings": .strings
        case "stringsdict": .stringsdict
        case "android": .android
        default: .json
        }
        return BundleRequest(slot: slot, format: kind, gzip: gzip)
    }
}
