import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The launch benchmark's anchor: Foundation reading the same strings as a
/// binary plist, the form an app's own compiled `.strings`/`.stringsdict` take.
enum PlistAnchor {
    /// Fetches the `de` bundle, writes its `labels` (and each plural key's
    /// categories as a dictionary, as a `.stringsdict` holds them) as one binary
    /// plist, and times `runs` reads of that file through
    /// `PropertyListSerialization`: "median M ms, worst W ms over N reads of S strings".
    static func measure(base: URL, runs: Int) async throws -> String {
        let url = URL(string: base.absoluteString + "/labels?lang=de")!
        let (body, _) = try await URLSession.shared.data(from: url)
        guard let root = try JSONSerialization.jsonObject(with: body) as? [String: Any],
              let labels = root["labels"] as? [String: String],
              let plurals = root["plurals"] as? [String: [String: String]]
        else { return "not a label bundle" }
        var strings: [String: Any] = labels
        for (key, categories) in plurals {
            strings[key] = ["NSStringLocalizedFormatKey": labels[key] ?? "", "n": categories]
        }
        let data = try PropertyListSerialization.data(fromPropertyList: strings, format: .binary, options: 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("plist-anchor-\(UUID().uuidString).plist")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var seconds: [Double] = []
        var count = 0
        for _ in 0..<max(runs, 1) {
            let started = ContinuousClock.now
            let decoded = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil) as? [String: Any]
            let elapsed = ContinuousClock.now - started
            count = decoded?.count ?? 0
            seconds.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
        }
        seconds.sort()
        return String(format: "median %.2f ms, worst %.2f ms over %d reads of %d strings", seconds[seconds.count / 2] * 1000,
                      seconds.last! * 1000, seconds.count, count)
    }
}
