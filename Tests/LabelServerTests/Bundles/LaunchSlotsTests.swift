import HTTP1
import LabelCore
import Testing
import TestSupport
@testable import LabelServer

/// A launch's bundle found from its raw query (``LaunchSlots``) is the one decoding the
/// query and looking the language up finds, or none: the general path then answers.
@Suite struct LaunchSlotsTests {
    /// What the general path finds for a query without `table` or `format`: nil when the
    /// query names another table or format, or a language that is no store language.
    static func general(_ query: String, _ bundles: LabelBundles) -> BundleSlot?? {
        guard let parameters = try? QueryParameters(HTTPRequest(method: .get, target: "/labels?" + query)) else { return .some(nil) }
        guard parameters.table == nil, parameters.format == nil else { return nil }
        guard let lang = parameters.lang, let tag = LanguageTag(lang) else { return .some(nil) }
        return .some(bundles.slot(table: "Localizable", language: tag))
    }

    /// 20,000 random queries from SplitMix64 with this seed: the same ones every run.
    static let seed: UInt64 = 0x1A_0C4

    @Test func aLaunchQueryFindsTheBundleDecodingFindsOrNone() throws {
        let state = try LabelTestServer.catalog.get().state
        let bundles = state.bundles
        var queries: [String] = []
        for language in state.catalog.languages.map(\.rawValue) + ["de-AT", "DE", "de_DE", "pt-BR", "zh-Hant", "zh-Hant-TW", "x", ""] {
            queries += ["lang=\(language)", "lang=\(language)&table=Localizable", "lang=\(language)&", "lang=\(language)%20",
                        "Lang=\(language)", "lang=\(language.uppercased())", "l%61ng=\(language)", "lang=\(language)&lang=fr",
                        "lang=\(language)&format=json", "lang=\(language)#"]
        }
        var generator = SeededGenerator(seed: Self.seed)
        let alphabet = Array("lang=defr-_&;+%2BT")
        for _ in 0..<20_000 {
            var query = Int.random(in: 0..<3, using: &generator) == 0 ? "" : "lang="
            for _ in 0..<Int.random(in: 0...6, using: &generator) { query.append(alphabet.randomElement(using: &generator)!) }
            queries.append(query)
        }
        var found = 0
        for query in queries {
            guard let slot = bundles.launch.slot(query: query) else { continue }
            found += 1
            let expected = try #require(Self.general(query, bundles), "\(query) names a table or format (seed \(Self.seed))")
            #expect(expected === slot, "\(query) (seed \(Self.seed))")
        }
        // Every store language with the table is found by its own tag.
        for language in state.catalog.languages(table: "Localizable") {
            #expect(bundles.launch.slot(query: "lang=\(language.rawValue)") === bundles.slot(table: "Localizable", language: language))
        }
        #expect(found >= state.catalog.languages(table: "Localizable").count)
        #expect(bundles.launch.slot(query: nil) == nil)
    }
}
