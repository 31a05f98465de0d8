import Foundation
import LabelClient

// The README's `.networkFirst` snippet, verbatim (scripts/check-readme-snippets.py):
// compiled on every CI run so the public surface an app writes against cannot drift. Never called
// (labels.example.com is an example).
func readmeSnippet(cacheURL: URL?, bundledStore: URL?) async throws {
    // --- verbatim from the README (scripts/check-readme-snippets.py) ---
let client = LabelClient(baseURL: URL(string: "https://labels.example.com")!,
                         cacheDirectory: cacheURL,     // URL? — nil: no disk cache
                         fallbackStore: bundledStore,  // URL? — a folder laid out like Strings/
                         timeout: 3)                   // download and decoding together; also table:, bodyLimit:
let labels = try await client.labels(language: "de-AT")   // LabelSet: origin, language, etag
labels.string("coins.count", count: 3)                        // "3 Münzen"
labels.string("grid.cell", count: 2, arguments: ["3"])        // count is argument 1, then arguments
labels.string("no.such.key")                                  // "no.such.key", and the miss is queued
labels.string("grid.cell")                                    // "grid.cell": never a raw "%d" for VoiceOver
let sent = try await client.flushMissing()                    // POSTs queued misses in one batch; returns how many
    // --- end of snippet ---
    _ = sent
    let other = LabelClient(baseURL: URL(string: "https://labels.example.com")!, table: "Accessibility",
                            cacheDirectory: cacheURL, fallbackStore: bundledStore, timeout: 3)
    let origin: LabelSet.Origin = try await other.labels(language: "fr").origin
    switch origin { case .network, .revalidated, .cache, .fallback: break }
}
