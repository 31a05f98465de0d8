import LabelAndroid
import LabelCore

/// One `GET /labels` bundle — a table resolved along one chain — whose bodies are
/// built the first time a request needs them and kept for the life of the catalog.
///
/// Building resolves, renders and (for gzip) compresses the table: tens of
/// milliseconds on a large store, so only workers call ``body(_:gzip:)`` with
/// anything missing; an event loop asks ``readyBody(_:gzip:)`` and defers when it is `nil`.
final class BundleSlot: Sendable {
    enum Format: Sendable {
        case json, strings, stringsdict, android

        /// The body's `Content-Type`.
        var contentType: String {
            switch self {
            case .json: "application/json; charset=utf-8"
            case .strings: "text/plain; charset=utf-8"
            case .stringsdict: "application/x-plist; charset=utf-8"
            case .android: "application/xml; charset=utf-8"
            }
        }
    }

    /// The first folder with the table: `Content-Language`.
    let language: LanguageTag
    private let json: ComputedOnce<PrecomputedBody>
    private let strings: ComputedOnce<PrecomputedBody>
    private let stringsdict: ComputedOnce<PrecomputedBody>
    private let android: ComputedOnce<PrecomputedBody>

    init(catalog: Catalog, table: String, chain: LanguageChain, language: LanguageTag) {
        self.language = language
        json = ComputedOnce { Self.render(.json, catalog: catalog, table: table, chain: chain, language: language) }
        strings = ComputedOnce { Self.render(.strings, catalog: catalog, table: table, chain: chain, language: language) }
        stringsdict = ComputedOnce { Self.render(.stringsdict, catalog: catalog, table: table, chain: chain, language: language) }
        android = ComputedOnce { Self.render(.android, catalog: catalog, table: table, chain: chain, language: language) }
    }

    private func part(_ format: Format) -> ComputedOnce<PrecomputedBody> {
        switch format {
        case .json: json
        case .strings: strings
        case .stringsdict: stringsdict
        case .android: android
        }
    }

    /// The body if everything the request needs is built; never waits for a build.
    func readyBody(_ format: Format, gzip: Bool) -> PrecomputedBody? {
        guard let body = part(format).ready, !gzip || body.isCompressed else { return nil }
        return body
    }

    /// The body, building (and compressing, for `gzip`) what is missing: blocks,
    /// so only off the event loops when ``readyBody(_:gzip:)`` is `nil`.
    func body(_ format: Format, gzip: Bool) -> PrecomputedBody {
        let body = part(format).value
        if gzip { body.compress() }
        return body
    }

    private static func render(_ format: Format, catalog: Catalog, table: String, chain: LanguageChain,
                               language: LanguageTag) -> PrecomputedBody {
        // The slot exists only for a table present in the chain's first language.
        guard let resolved = ResolvedTable(catalog: catalog, table: table, chain: chain) else {
            preconditionFailure("bundle slot for table \(table) without strings in \(chain.languages)")
        }
        let bytes: [UInt8]
        let fingerprint: String
        switch format {
        case .json:
            (bytes, fingerprint) = resolved.json()
        case .strings:
            bytes = resolved.strings()
            fingerprint = ContentHash.hex(ContentHash.fnv1a64(bytes))
        case .stringsdict:
            bytes = resolved.stringsdict()
            fingerprint = ContentHash.hex(ContentHash.fnv1a64(bytes))
        case .android:
            bytes = resolved.androidStrings(catalog: catalog)
            fingerprint = ContentHash.hex(ContentHash.fnv1a64(bytes))
        }
        return PrecomputedBody(bytes, fingerprint: fingerprint, contentType: format.contentType, language: language.rawValue)
    }
}
