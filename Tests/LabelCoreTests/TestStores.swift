import Foundation
@testable import LabelCore

/// Paths to stores the tests read: a small fixture store and the bundled `Strings/`.
enum TestStores {
    static var fixtures: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    static var fixtureStore: String { fixtures.appendingPathComponent("store").path }

    /// The repository's own `Strings/`, found from this file's path.
    static var bundledStore: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strings").path
    }

    static func load(_ directory: String, development: String? = "en") throws(StoreLoadError) -> LoadedStore {
        try StoreLoader.load(StoreConfiguration(directory: directory, developmentLanguage: development.flatMap(LanguageTag.init)))
    }
}
