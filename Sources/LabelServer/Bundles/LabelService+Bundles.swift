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
    func labelBundle(_ request: HTTPRequest, _ call: LabelRoute.Call) throws -> HTTPResponse {
        let wanted = try bundleRequest(request, state: call.state)
        if let body = wanted.slot.readyBody(wanted.format, gzip: wanted.gzip) {
            return bundleResponse(request, wanted, body: body)
        }
        guard call.mayBlock else { throw LabelRoute.NotBuilt() }
        return bundleResponse(request, wanted, body: wanted.slot.body(wanted.format, gzip: wanted.gzip))
    }

    /// The whole resolved table from its built body; `If-None-Match` → 304.
    func bundleResponse(_ request: HTTPRequest, _ wanted: BundleRequest, body: PrecomputedBody) -> HTTPResponse {
        body.response(to: request.headers, acceptsGzip: wanted.gzip)
    }

    /// The `format` values `GET /labels` renders.
    static let bundleFormats = ["json", "strings", "stringsdict", "android"]

    func bundleRequest(_ request: HTTPRequest, state: ServiceState) throws(APIError) -> BundleRequest {
        // An app's launch asks `?lang=de` alone: its bundle is found from the raw query
        // (``LaunchSlots`` says when that reads as decoding the query would).
        if let slot = state.bundles.launch.slot(query: request.query) {
            let kind: BundleSlot.Format = MediaNegotiation.prefersXML(request.headers.first(.accept)) ? .android : .json
            return BundleRequest(slot: slot, format: kind, gzip: ContentEncodingChoice.acceptsGzip(request))
        }
        let parameters = try QueryParameters(request)
        let kind: BundleSlot.Format
        switch parameters.format {
        case nil: kind = MediaNegotiation.prefersXML(request.headers.first(.accept)) ? .android : .json
        case "json": kind = .json
        case "strings": kind = .strings
        case "stringsdict": kind = .stringsdict
        case "android": kind = .android
        default: throw QueryParameters.invalidFormat(Self.bundleFormats)
        }
        let table = try parameters.tableName() ?? "Localizable"
        // A bundle follows one language: `lang`, else the client's first preference.
        let language = try parameters.language()
            ?? request.headers.first(.acceptLanguage).flatMap { AcceptLanguage.preferences($0).first }
        // A store language finds its bundle in one probe; the array of a chain is made only
        // for another (an array per launch was an allocation and a free).
        let known = language.flatMap { state.bundles.slot(table: table, language: $0) }
        guard let slot = known ?? state.bundles.slot(table: table, chain: state.resolver.chain(preferred: language.map { [$0] } ?? [])) else {
            throw APIError(.notFound, "unknown_table", "table \(table) has no strings in any language of the chain")
        }
        let gzip = ContentEncodingChoice.acceptsGzip(request)
        return BundleRequest(slot: slot, format: kind, gzip: gzip)
    }
}
