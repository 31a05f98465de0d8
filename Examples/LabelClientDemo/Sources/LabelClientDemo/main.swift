import Foundation
import LabelClient

// Fetches, renders and prints a few labels in two languages from a running
// label-server, then sends the misses it met.
//
//   swift run LabelClientDemo [BASE-URL] [--cache DIR] [--store DIR] [--measure N] [--fresh]
//
// --measure N times N launches (`labels(language:)` on a new client) and
// prints the median and worst; --fresh gives each launch an empty cache
// (a cold fetch), otherwise they share --cache (304, or .cache offline).

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
let fresh = arguments.contains("--fresh")
arguments.removeAll { $0 == "--fresh" }
let measure = option("--measure").flatMap(Int.init)
let cache = URL(fileURLWithPath: option("--cache") ?? NSTemporaryDirectory() + "label-client-demo-cache")
let store = option("--store").map { URL(fileURLWithPath: $0) }
let base = URL(string: arguments.first ?? "http://127.0.0.1:8080")!

if let measure {
    var seconds: [Double] = []
    var origins: [String: Int] = [:]
    for _ in 0..<measure {
        let directory = fresh ? cache.appendingPathComponent(UUID().uuidString) : cache
        let client = LabelClient(baseURL: base, cacheDirectory: directory, fallbackStore: store, timeout: 3)
        let started = ContinuousClock.now
        let labels = try await client.labels(language: "de")
        let elapsed = ContinuousClock.now - started
        seconds.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
        origins[labels.origin.rawValue, default: 0] += 1
        if fresh { try? FileManager.default.removeItem(at: directory) }
    }
    seconds.sort()
    let median = seconds[seconds.count / 2] * 1000
    print(String(format: "%@: %d launches, median %.2f ms, worst %.2f ms", origins.description, measure, median, seconds.last! * 1000))
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
