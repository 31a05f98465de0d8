// The client guide's (docs/client.md) SwiftUI and UIKit snippets, compiled
// wherever those frameworks exist; on Linux, where CI builds this demo,
// both blocks are skipped and the rest of the demo runs.
import Foundation
import LabelClient

#if canImport(SwiftUI)
import SwiftUI

/// Launch from the device (`.localFirst`), render through Foundation's own
/// lookup (`Text(_:bundle:)`), and swap in the refreshed set when it arrives.
@MainActor @Observable final class Labels {
    var set: LabelSet?
    let client = LabelClient(baseURL: URL(string: "https://labels.example.com")!,
                             cacheDirectory: FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first,
                             fallbackStore: Bundle.main.url(forResource: "Strings", withExtension: nil))

    func launch(language: String) async {
        set = try? await client.labels(language: language, policy: .localFirst)
        if let newer = await client.refreshed(language: language) { set = newer }
    }
}

struct CoinsView: View {
    let labels: LabelSet
    let coins: Int

    var body: some View {
        VStack {
            // Apple's own lookup in the set's bundle: plain strings…
            Text("control.close.label", bundle: labels.bundle)
            // …and plurals through the bundle's .stringsdict.
            Text(String.localizedStringWithFormat(NSLocalizedString("coins.count", bundle: labels.bundle ?? .main, comment: ""), coins))
            // Or LabelClient's renderer, which reports misses and matches the server byte for byte.
            Text(labels.string("coins.count", count: Double(coins)))
                .accessibilityLabel(labels.string("coins.count", count: Double(coins)))
        }
    }
}
#endif

#if canImport(UIKit)
import UIKit

final class CoinsViewController: UIViewController {
    var labels: LabelSet?
    let closeButton = UIButton(type: .close)
    let coinsLabel = UILabel()

    func apply(coins: Int) {
        guard let labels, let bundle = labels.bundle else { return }
        closeButton.accessibilityLabel = NSLocalizedString("control.close.label", bundle: bundle, comment: "")
        coinsLabel.text = String.localizedStringWithFormat(NSLocalizedString("coins.count", bundle: bundle, comment: ""), coins)
        coinsLabel.accessibilityLabel = String(localized: "control.play.hint", bundle: bundle)
    }
}
#endif
