import Foundation
import LabelClient

// Fetches, renders and prints a few labels in two languages from a running
// label-server, then sends the misses it met.
//
//   swift run LabelClientDemo [BASE-URL] [--cache DIR] [--store DIR] [--measure N] [--fresh]
//                             [--local-first] [--plist-anchor N]
//
// --measure N times N launches (`labels(language:)` on a new client, then one
// render) and prints the median and worst; --fresh gives each launch an empty
// cache (a cold fetch), otherwise they share --cache (304, or .cache offline);
// --local-first launches with `policy: .localFirst`. --plist-anchor N times N
// reads of the same strings (the server's `de` bundle: labels, and plurals as
// dictionaries) as a binary plist file decoded by PropertyListSerialization.

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
let fresh = arguments.contains("--fresh")
let localFirst = arguments.contains("--local-first")
arguments.removeAll { $0 == "--fresh" || $0 == "--local-first" }
let measure = option("--measure").flatMap(Int.init)
let anchor = option("--plist-anchor").flatMap(Int.init)
let cache = URL(fileURLWithPath: option("--cache") ?? NSTemporaryDirectory() + "label-client-demo-cache")
let store = option("--store").map { URL(fileURLWithPath: $0) }
let base = URL(string: arguments.first ?? "http://127.0.0.1:8080")!

if let anchor {
    print(try await PlistAnchor.measure(base: base, runs: anchor))
} else if let measure {
    var seconds: [Double] = []
    var origins: [String: Int] = [:]
    for _ in 0..<measure {
        let directory = fresh ? cache.appendingPathComponent(UUID().uuidString) : cache
        let client = LabelClient(baseURL: base, cacheDirectory: directory, fallbackStore: store, timeout: 3)
        let started = ContinuousClock.now
        let labels = try await client.labels(language: "de", policy: localFirst ? .localFirst : .networkFirst)
        _ = labels.string("coins.count", count: 3)
        let elapsed = ContinuousClock.now - started
        seconds.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
        origins[labels.origin.rawValue, default: 0] += 1
        if fresh { try? FileManager.default.removeItem(at: directory) }
    }
    seconds.sort()
    let median = seconds[seconds.count / 2] * 1000
    print(String(format: "%@: %d launches, median %.2f ms, worst %.2f ms", origins.description, measure, median, seconds.last! * 1000))
    if localFirst { try? await Task.sleep(for: .milliseconds(100)) }   // let the last background refresh end
} else {
    for language in ["de", "fr"] {
        let client = LabelClient(baseURL: base, cacheDirectory: cache, fallbackStore: store, timeout: 3)
        let labels = try await client.labels(language: language)
        print("[\(language)] origin \(labels.origin.rawValue), strings in \(labels.language), ETag \(labels.etag ?? "none")")
        print("  control.close.label      → \(labels.string("control.close.label"))")
        print("  coins.count (1)          → \(labels.string("coins.count", count: 1))")
        print("  coins.count (1000)       → \(labels.string("coins.count", count: 1000))")
        print("  items.count (3)          → \(labels.string("items.count", count: 3))")
        print("  demo.no.such.key         → \(labels.string("demo.no.such.key"))")
        do {
            print("  misses reported: \(try await client.flushMissing())")
        } catch {
            print("  misses not reported: \(error)")
        }
    }
}
