public import Foundation
public import LabelCore
public import MissingKeys

/// Everything derived from one load of the store, replaced as a whole on reload.
public struct ServiceState: Sendable {
    public let resolver: LabelResolver
    public let bundles: LabelBundles
    public let loadedAt: Date
    public let fileCount: Int
    /// Per language × table translation coverage, computed at load (`GET /coverage`).
    public let coverage: Coverage
    /// Lock-free per-key request counters for this load, drained by ``UsageStore``.
    public let usage: UsageCounters
    /// Bundle folders this load found; the next reload must find them again.
    public let bundleFolders: [String]

    /// Precomputes the bundles of a freshly loaded store.
    public init(store: LoadedStore, loadedAt: Date = Date()) {
        resolver = LabelResolver(catalog: store.catalog)
        bundles = LabelBundles(catalog: store.catalog)
        self.loadedAt = loadedAt
        fileCount = store.fileCount
        coverage = Coverage(catalog: store.catalog)
        usage = UsageCounters(catalog: store.catalog)
        bundleFolders = store.bundleFolders
    }

    public var catalog: Catalog { resolver.catalog }
}
