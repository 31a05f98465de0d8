import Foundation
import Testing
import LabelCore

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

    /// The bytes of a file of the real-world corpus (`Fixtures/corpus/PATH`).
    static func corpusData(_ path: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent("corpus").appendingPathComponent(path))
    }

    /// The `files` of the corpus's EXPECTED.json, by path.
    static func expectedCorpusFiles() throws -> [String: [String: Any]] {
        let json = try JSONSerialization.jsonObject(with: try corpusData("EXPECTED.json"))
        let root = try #require(json as? [String: Any])
        return try #require(root["files"] as? [String: [String: Any]])
    }

    static func load(_ directory: String, development: String? = "en") throws(StoreLoadError) -> LoadedStore {
        try StoreLoader.load(StoreConfiguration(directory: directory, developmentLanguage: development.flatMap(LanguageTag.init)))
    }
}
