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
        body.response(to: request.headers, acceptsGzip: wanted.gzip)
    }

    /// The `format` values `GET /labels` renders.
    static let bundleFormats = ["json", "strings", "stringsdict", "android"]

    func bundleRequest(_ request: HTTPRequest, state: ServiceState) throws(APIError) -> BundleRequest {
        let parameters = try QueryParameters(request)
        let kind: BundleSlot.Format
        switch parameters.format {
        case nil: kind = MediaNegotiation.prefersXML(request.headers.first(name: "Accept")) ? .android : .json
        case "json": kind = .json
        case "strings": kind = .strings
        case "stringsdict": kind = .stringsdict
        case "android": kind = .android
        default: throw QueryParameters.invalidFormat(Self.bundleFormats)
        }
        let table = try parameters.tableName() ?? "Localizable"
        let preferred: [LanguageTag]
        if let tag = try parameters.language() {
            preferred = [tag]
        } else {
            // A bundle follows one language: the client's first preference.
            preferred = Array(request.headers.first(name: "Accept-Language").map(AcceptLanguage.preferences)?.prefix(1) ?? [])
        }
        let known = preferred.count == 1 ? state.bundles.slot(table: table, language: preferred[0]) : nil
        guard let slot = known ?? state.bundles.slot(table: table, chain: state.resolver.chain(preferred: preferred)) else {
            throw APIError(.notFound, "unknown_table", "table \(table) has no strings in any language of the chain")
        }
        let gzip = ContentEncodingChoice.acceptsGzip(request)
        return BundleRequest(slot: slot, format: kind, gzip: gzip)
    }
}
