public import Foundation
import LabelCore

extension LabelSet {
    /// The set as a Foundation `Bundle` with one localization, this set's
    /// ``language``: `NSLocalizedString("coins.count", bundle: labels.bundle!, comment: "")`,
    /// `String(localized: "play.hint", bundle: labels.bundle)`, `Text("…", bundle:)`
    /// answer with this set's strings whatever the device's preferred languages,
    /// and plurals render through the bundle's `.stringsdict`
    /// (`String.localizedStringWithFormat(format, 3)` → `3 Münzen`).
    ///
    /// Written into the cache folder the first time it is asked for (once per
    /// set: a set with the same ETag reuses the folder), so a launch does not
    /// pay for it; `nil` without a cache directory or when it cannot be written.
    /// Foundation's lookups never report misses: keys read through the bundle
    /// are not queued for ``LabelClient/flushMissing()``, and a key the bundle
    /// lacks comes back as the key (or the `value:` given).
    public var bundle: Bundle? {
        bundleSource?.bundle(self)
    }

    /// Writes the bundle once and hands it to every copy of the set.
    final class BundleSource: Sendable {
        let writer: BundleWriter
        private let made = Locked<Bundle??>(nil)

        init(writer: BundleWriter) { self.writer = writer }

        func bundle(_ set: LabelSet) -> Bundle? {
            made.withLock { made in
                if let made { return made }
                let bundle = writer.bundle(table: set.table, language: set.language, fingerprint: set.etag) {
                    ResolvedTable(catalog: set.resolver.catalog, table: set.table, chain: set.chain)
                }
                made = .some(bundle)
                return bundle
            }
        }
    }
}
