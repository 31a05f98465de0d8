import Foundation
import LabelClient

// docs/client.md's first snippet and the README's first (scripts/check-readme-snippets.py),
// verbatim: compiled on every CI run so the Bundle route and `.localFirst`
// cannot drift from the API. Never called (labels.example.com is an example).
func clientGuideSnippet(cacheURL: URL?, bundledStore: URL?) async throws {
    // --- verbatim from docs/client.md ---
let client = LabelClient(baseURL: URL(string: "https://labels.example.com")!,
                         cacheDirectory: cacheURL,       // the Bundle route needs a cache folder
                         fallbackStore: bundledStore)    // Strings/ shipped in the app
// Launch from the device: the cache, else the bundled store; never waits on the network.
var labels = try await client.labels(language: "de", policy: .localFirst)

// Apple's own APIs, this set's strings whatever the device's languages:
let bundle = labels.bundle ?? .main
let close = NSLocalizedString("control.close.label", bundle: bundle, comment: "")
let coins = String.localizedStringWithFormat(
    NSLocalizedString("coins.count", bundle: bundle, comment: ""), 3)   // "3 Münzen"
// SwiftUI: Text("control.close.label", bundle: labels.bundle)

// The background refresh: a newer set (200), or nil (304, offline).
if let newer = await client.refreshed(language: "de") { labels = newer }
    // --- end of snippet ---
    _ = (close, coins, labels)
}
