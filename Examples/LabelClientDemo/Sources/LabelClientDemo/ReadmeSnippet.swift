import Foundation
import LabelClient

// The README's "Use it from an app" snippet, verbatim: compiled on every CI
// run so the public surface an app writes against cannot drift. Never called
// (labels.example.com is an example).
func readmeSnippet(cacheURL: URL?, bundledStore: URL?) async throws {
    // --- verbatim from the issue and README (the statements only evaluated warn as unused) ---
let client = LabelClient(baseURL: URL(string: "https://labels.example.com")!,
                         cacheDirectory: cacheURL,     // URL? — nil: no disk cache
                         fallbackStore: bundledStore,  // URL? — a folder laid out like Strings/
                         timeout: 3)                   // seconds for the whole launch fetch
// also: LabelClient(baseURL:table:cacheDirectory:fallbackStore:timeout:) with table: String = "Localizable"
let labels = try await client.labels(language: "de-AT")   // -> LabelSet
labels.origin      // LabelSet.Origin: .network, .revalidated, .cache, .fallback
labels.language    // the language the strings are in ("de" for de-AT)
labels.etag        // String?
labels.string("coins.count", count: 3)                        // "3 Münzen"
labels.string("grid.cell", count: 2, arguments: ["3"])        // count is argument 1, then arguments
labels.string("no.such.key")                                  // "no.such.key", and the miss is queued
let sent = try await client.flushMissing()                    // POSTs queued misses in one batch; returns how many
    // --- end of snippet ---
    _ = sent
    let other = LabelClient(baseURL: URL(string: "https://labels.example.com")!, table: "Accessibility",
                            cacheDirectory: cacheURL, fallbackStore: bundledStore, timeout: 3)
    let origin: LabelSet.Origin = try await other.labels(language: "fr").origin
    switch origin { case .network, .revalidated, .cache, .fallback: break }
}
