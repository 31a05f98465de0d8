import Foundation

/// Paths to the stores the lint tests read: the seeded bad store and the bundled `Strings/`.
enum LintStores {
    static var seeded: String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("lint-store").path
    }

    /// The repository's own `Strings/`, found from this file's path.
    static var bundled: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strings").path
    }
}
