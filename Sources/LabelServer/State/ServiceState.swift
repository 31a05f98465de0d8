package import Foundation
import HTTP1
package import LabelCore
package import MissingKeys

/// Everything derived from one load of the store, replaced as a whole on reload.
///
/// One reference to a shared, immutable box: a request's snapshot costs one retain, and
/// the reloader can tell when the last request holding an old state has let it go
/// (``isOnlyReference``), so the old catalog is freed on the reload worker, not by
/// whichever event loop happened to drop it last.
package struct ServiceState: Sendable {
    final class Storage: Sendable {
        let resolver: LabelResolver
        let bundles: LabelBundles
        let loadedAt: Date
        let fileCount: Int
        let coverage: ComputedOnce<Coverage>
        let usage: UsageCounters
        let bundleFolders: [String]
        let labelLanguages: LabelLanguages

        init(store: LoadedStore, loadedAt: Date) {
            resolver = LabelResolver(catalog: store.catalog)
            bundles = LabelBundles(catalog: store.catalog)
            self.loadedAt = loadedAt
            fileCount = store.fileCount
            let catalog = store.catalog
            coverage = ComputedOnce { Coverage(catalog: catalog) }
            usage = UsageCounters(catalog: store.catalog)
            bundleFolders = store.bundleFolders
            // The development language too: a key found nowhere is served in it.
            labelLanguages = LabelLanguages(languages: store.catalog.languages + [store.catalog.developmentLanguage].compactMap { $0 },
                                            resolver: resolver)
        }
    }

    private var storage: Storage

    /// Derives the state of a freshly loaded store (bundles are built on first request:
    /// ``LabelBundles``; coverage on a background thread: ``ComputedOnce``).
    package init(store: LoadedStore, loadedAt: Date = Date()) {
        self.init(store: store, loadedAt: loadedAt, coverageInBackground: true)
    }

    /// Without `coverageInBackground`, coverage waits for its first caller: the reloader,
    /// which computes it before the swap, and tests of that wait.
    init(store: LoadedStore, loadedAt: Date = Date(), coverageInBackground: Bool) {
        storage = Storage(store: store, loadedAt: loadedAt)
        if coverageInBackground { storage.coverage.computeInBackground(name: "label-server-coverage") }
    }

    package var resolver: LabelResolver { storage.resolver }
    package var bundles: LabelBundles { storage.bundles }
    var loadedAt: Date { storage.loadedAt }
    package var fileCount: Int { storage.fileCount }
    /// Per language × table translation coverage (`GET /coverage`), computed once per
    /// load on a background worker: waits for it, so off the event loops until
    /// ``coverageIsReady``.
    package var coverage: Coverage { storage.coverage.value }
    /// Whether ``coverage`` answers without waiting.
    var coverageIsReady: Bool { storage.coverage.ready != nil }
    /// Lock-free per-key request counters for this load, drained by ``UsageStore``.
    package var usage: UsageCounters { storage.usage }
    /// Bundle folders this load found; the next reload must find them again.
    package var bundleFolders: [String] { storage.bundleFolders }
    package var catalog: Catalog { resolver.catalog }

    /// The `lang=` fast path of `GET /labels/{key}`: each store language's chain and header fields.
    var labelLanguages: LabelLanguages { storage.labelLanguages }

    /// True when no other copy of this state exists any more (no request holds it):
    /// dropping this one then frees the catalog on the caller's thread.
    mutating func isOnlyReference() -> Bool { isKnownUniquelyReferenced(&storage) }

    /// The shared box, for tests that check when it is freed.
    var box: AnyObject { storage }
}
