import LabelAndroid
import LabelCore
import Synchronization

/// One `GET /labels` bundle — a table resolved along one chain — whose bodies are
/// built the first time a request needs them and kept for the life of the catalog.
///
/// Building resolves, renders and (for gzip) compresses the table: tens of
/// milliseconds on a large store, so only workers call ``body(_:gzip:)`` with
/// anything missing; an event loop asks ``readyBody(_:gzip:)`` and defers when it is `nil`.
final class BundleSlot: Sendable {
    enum Format: Int, Sendable, CaseIterable { case json, strings, android }

    /// The first folder with the table: `Content-Language`.
    let language: LanguageTag
    private let catalog: Catalog
    private let table: String
    private let chain: LanguageChain
    /// Held by the worker building a part, so concurrent first requests build it once.
    private let building = Mutex<Void>(())
    private let bodies = Mutex<[PrecomputedBody?]>(Array(repeating: nil, count: Format.allCases.count))

    init(catalog: Catalog, table: String, chain: LanguageChain, language: LanguageTag) {
        self.catalog = catalog
        self.table = table
        self.chain = chain
        self.language = language
    }

    /// The body if everything the request needs is built; never waits for a build.
    func readyBody(_ format: Format, gzip: Bool) -> PrecomputedBody? {
        let body = bodies.withLock { $0[format.rawValue] }
        guard let body, !gzip || body.isCompressed else { return nil }
        return body
    }

    /// The body, building (and compressing, for `gzip`) what is missing: blocks,
    /// so only off the event loops when ``readyBody(_:gzip:)`` is `nil`.
    func body(_ format: Format, gzip: Bool) -> PrecomputedBody {
        if let ready = readyBody(format, gzip: gzip) { return ready }
        return building.withLock { _ in
            if let ready = readyBody(format, gzip: gzip) { return ready }
            let body = bodies.withLock { $0[format.rawValue] } ?? render(format)
            if gzip { body.compress() }
            bodies.withLock { $0[format.rawValue] = body }
            return body
        }
    }

    private func render(_ format: Format) -> PrecomputedBody {
        // The slot exists only for a table present in the chain's first language.
        guard let resolved = ResolvedTable(catalog: catalog, table: table, chain: chain) else {
            preconditionFailure("bundle slot for table \(table) without strings in \(chain.languages)")
        }
        switch format {
        case .json:
            let (json, fingerprint) = resolved.json()
            return PrecomputedBody(json, fingerprint: fingerprint)
        case .strings:
            let strings = resolved.strings()
            return PrecomputedBody(strings, fingerprint: ContentHash.hex(ContentHash.fnv1a64(strings)))
        case .android:
            let xml = resolved.androidStrings(catalog: catalog)
            return PrecomputedBody(xml, fingerprint: ContentHash.hex(ContentHash.fnv1a64(xml)))
        }
    }
}
