import Foundation
import LabelClient
import LabelCore
import LabelServer
import MissingKeys
import Testing
import TestSupport

/// `LabelSet.bundle`: the set as a Foundation bundle, read by Foundation itself
/// (corelibs' `Bundle(url:)` on Linux) and rendered against the server.
///
/// What Linux can show: the bundle's layout and single localization, every
/// `.strings` key through `Bundle.localizedString(forKey:value:table:)`, the
/// `.stringsdict` as a property list (`PropertyListSerialization`) and, read back
/// with the store's own readers, every key × count rendering as the server
/// does. Corelibs Foundation (Swift 6.3) crashes (SIGSEGV in
/// `Bundle.localizedString`) on a key its `.stringsdict` holds, and has no
/// `String(localized:bundle:)` nor SwiftUI: those run on Apple platforms only
/// (``appleFoundationRendersTheStringsDictAsTheServer()``).
@Suite struct LabelBundleTests {
    static let counts: [Double] = [0, 1, 2, 5, 21, 1000]

    @Test func theBundleHasOneLocalizationThatFoundationPicks() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let cache = temporaryDirectory()
        let labels = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, timeout: ClientTestServer.patience).labels(language: "de-AT")
        let bundle = try #require(labels.bundle)
        #expect(bundle.localizations == ["de"])
        #expect(bundle.developmentLocalization == "de")
        #expect(bundle.preferredLocalizations == ["de"])
        #expect(bundle.localizedString(forKey: "control.close.label", value: nil, table: nil) == "Schließen")
        #expect(NSLocalizedString("control.play.hint", bundle: bundle, comment: "") == "Startet die Wiedergabe.")
        #expect(bundle.localizedString(forKey: "no.such.key", value: "fallback", table: nil) == "fallback")
        let lproj = bundle.bundleURL.appendingPathComponent("de.lproj")
        #expect(try FileManager.default.contentsOfDirectory(atPath: lproj.path).sorted()
                == ["Localizable.strings", "Localizable.stringsdict"])

        // Once per set: another launch with the same ETag opens the same folder.
        let again = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, timeout: ClientTestServer.patience).labels(language: "de")
        #expect(again.bundle?.bundleURL == bundle.bundleURL)
        #expect(labels.bundle === bundle)
        let folders = try FileManager.default.contentsOfDirectory(atPath: bundle.bundleURL.deletingLastPathComponent().path)
        #expect(folders == [bundle.bundleURL.lastPathComponent])
    }

    @Test func noCacheDirectoryMeansNoBundle() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let labels = try await LabelClient(baseURL: server.baseURL, timeout: ClientTestServer.patience).labels(language: "de")
        #expect(labels.bundle == nil)
    }

    @Test func theBundledStoreAlsoGivesABundle() async throws {
        let client = LabelClient(baseURL: try OfflineTests.deadURL(), cacheDirectory: temporaryDirectory(),
                                 fallbackStore: ClientTestServer.bundledStore, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "fr", policy: .localFirst)
        #expect(labels.origin == .fallback)
        #expect(labels.bundle?.localizedString(forKey: "control.close.label", value: nil, table: nil) == "Fermer")
    }

    /// Every key of `Strings/` × every language × counts {0, 1, 2, 5, 21, 1000}:
    /// the bundle's files, read by Foundation and by the store's own readers,
    /// render what the server's `GET /labels/{key}` answers.
    @Test func everyKeyInTheBundleRendersAsTheServerDoes() async throws {
        let store = try ClientTestServer.loaded.get()
        let server = try ClientTestServer(store: store)
        defer { server.stop() }
        let service = InProcessClient(LabelService(catalog: CatalogHolder(ServiceState(store: store)),
                                                   missing: MissingReportStore(stateDirectory: temporaryDirectory(),
                                                                               recorder: MissingKeyRecorder())))
        var total = Sweep()
        for table in store.catalog.tables {
            for language in store.catalog.languages(table: table) {
                let client = LabelClient(baseURL: server.baseURL, table: table, cacheDirectory: temporaryDirectory(), timeout: ClientTestServer.patience)
                let labels = try await client.labels(language: language.rawValue)
                let bundle = try #require(labels.bundle)
                let sweep = try await offPool {
                    try Self.compare(bundle, table: table, language: language, keys: labels.keys,
                                     server: service, catalog: store.catalog)
                }
                total.add(sweep)
            }
        }
        print("bundle × server renders: \(total.compared) compared, \(total.equal) equal, \(total.rejected) answered 400 "
              + "by the server; \(total.filled) renders of keys filled from another language, \(total.filledDiffering) of them "
              + "with the bundle's language rules instead of theirs")
        #expect(total.compared > 3_000)
        #expect(total.equal + total.rejected + total.filledDiffering == total.compared)
    }

    struct Sweep {
        var compared = 0, equal = 0, rejected = 0, filled = 0, filledDiffering = 0
        mutating func add(_ other: Sweep) {
            compared += other.compared; equal += other.equal; rejected += other.rejected
            filled += other.filled; filledDiffering += other.filledDiffering
        }
    }

    /// One bundle against the server: `.strings` keys through Foundation's
    /// lookup, the `.stringsdict` through `PropertyListSerialization`, then every
    /// key rendered from the files as loaded by ``StoreLoader``.
    ///
    /// A bundle has one localization, so every key renders with its language's
    /// plural rules and numbers; the server renders a key the language lacks (filled
    /// from the development language) with that key's own language. Those renders
    /// are counted where they differ (`0 coin` in a French bundle for English
    /// `%d coins`: French puts 0 in `one`), and must match everywhere else.
    static func compare(_ bundle: Bundle, table: String, language: LanguageTag, keys: [String],
                        server: InProcessClient, catalog: Catalog) throws -> Sweep {
        let lproj = bundle.bundleURL.appendingPathComponent("\(language.rawValue).lproj")
        let store = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: store) }
        try FileManager.default.createDirectory(at: store.appendingPathComponent("b"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: lproj, to: store.appendingPathComponent("b/\(language.rawValue).lproj"))
        let read = try StoreLoader.load(StoreConfiguration(directory: store.path, bundles: ["b"], developmentLanguage: nil)).catalog
        let entries = read.entries(table: table, language: language)
        #expect(Set(entries.keys) == Set(keys), "\(table) \(language)")
        let plist = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: lproj.appendingPathComponent("\(table).stringsdict")), format: nil) as? [String: Any]
        for (key, entry) in entries {
            if entry.string.isPlural {
                #expect(plist?[key] is [String: Any], "\(table) \(language) \(key)")
            } else {
                #expect(bundle.localizedString(forKey: key, value: "\u{1}", table: table) == entry.string.template, "\(key)")
            }
        }
        let resolver = LabelResolver(catalog: read)
        let chain = resolver.chain(preferred: [language])
        let serverResolver = LabelResolver(catalog: catalog)
        let serverChain = serverResolver.chain(preferred: [language])
        var sweep = Sweep()
        for key in keys {
            let needed = entries[key]?.argumentCount ?? 0
            let filled = serverResolver.resolve(key: key, table: table, chain: serverChain).entry?.language != language
            for count in counts {
                let extra = Array(repeating: "7", count: max(needed - 1, 0))
                let query = (["lang=\(language)", "table=\(table)", "count=\(Int(count))"] + extra.map { "arg=\($0)" }).joined(separator: "&")
                let path = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~")))!
                let response = try server.exchange("GET /labels/\(path)?\(query) HTTP/1.1\r\nHost: test\r\nAccept: text/plain\r\n\r\n")
                sweep.compared += 1
                if filled { sweep.filled += 1 }
                guard response.status == 200 else {
                    #expect(response.status == 400)
                    sweep.rejected += 1
                    continue
                }
                let local = try? resolver.label(key: key, table: table, chain: chain, arguments: [String(Int(count))] + extra).value
                if local == response.text {
                    sweep.equal += 1
                } else if filled {
                    sweep.filledDiffering += 1
                } else {
                    Issue.record("\(table) \(language) \(key) count=\(Int(count)): \(local ?? "nil") ≠ \(response.text)")
                }
            }
        }
        return sweep
    }

    #if canImport(Darwin)
    /// Apple's own stringsdict support: `NSLocalizedString` returns the format
    /// and `String(format:locale:)` picks the plural variant, for every plural key.
    @Test func appleFoundationRendersTheStringsDictAsTheServer() async throws {
        let server = try ClientTestServer()
        defer { server.stop() }
        let store = try ClientTestServer.loaded.get()
        for language in store.catalog.languages(table: "Localizable") {
            let labels = try await LabelClient(baseURL: server.baseURL, cacheDirectory: temporaryDirectory(), timeout: ClientTestServer.patience)
                .labels(language: language.rawValue)
            let bundle = try #require(labels.bundle)
            for key in labels.keys where store.catalog.entries(table: "Localizable", language: language)[key]?.string.isPlural == true {
                for count in Self.counts where (store.catalog.entries(table: "Localizable", language: language)[key]?.argumentCount ?? 0) == 1 {
                    let format = NSLocalizedString(key, bundle: bundle, comment: "")
                    let apple = String(format: format, locale: Locale(identifier: language.rawValue), Int(count))
                    #expect(apple == labels.string(key, count: count), "\(language) \(key) \(count)")
                }
            }
        }
        let de = try await LabelClient(baseURL: server.baseURL, cacheDirectory: temporaryDirectory(), timeout: ClientTestServer.patience).labels(language: "de")
        let format = NSLocalizedString("coins.count", bundle: de.bundle!, comment: "")
        #expect(String.localizedStringWithFormat(format, 3) == "3 Münzen")
        #expect(String(localized: "control.close.label", bundle: de.bundle) == "Schließen")
    }
    #endif
}
