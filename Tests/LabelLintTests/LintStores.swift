import Foundation

/// Paths to the stores the lint tests read: the seeded bad store and the bundled `Strings/`.
enum LintStores {
    static var seeded: String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("lint-store").path
    }

    /// Simplenote's en/de tables (English text as keys), copied from the corpus.
    static var simplenote: String { fixture("simplenote-store") }

    /// DuckDuckGo's en/de tables and plurals (dotted keys, some `*.label`/`*.hint`).
    static var duckduckgo: String { fixture("duckduckgo-store") }

    static func fixture(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name).path
    }

    /// The repository's own `Strings/`, found from this file's path.
    static var bundled: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strings").path
    }
}
