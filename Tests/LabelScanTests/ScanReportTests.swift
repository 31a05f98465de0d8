import Foundation
import LabelCore
import Testing
@testable import LabelScan

/// The scan joined with a store, end to end on the fixture app.
@Suite struct ScanReportTests {
    func seedReport(functions: [String] = ["platformButton:label", "platformTextField:label",
                                           "automaticCompliance:accessibilityLabel"]) throws -> ScanReport {
        var options = Scan.Options()
        options.paths = [fixture("SeedApp/Sources")]
        options.callees = CalleeTable(wrappers: functions.compactMap(CalleeTable.Wrapper.init))
        options.store = .layout(StoreConfiguration(directory: fixture("SeedApp/Strings"), bundles: ["app"]))
        let report = try Scan.run(options)
        #expect(report.warnings.isEmpty)
        return report
    }

    @Test func seedKeysMissingFromSpanishAreReported() throws {
        let report = try seedReport()
        let missing = report.keys.filter { $0.missing.contains("es") }.map(\.key)
        #expect(missing == ["MyApp.accessibility.button.cancel", "MyApp.accessibility.button.delete",
                            "MyApp.accessibility.button.done", "MyApp.accessibility.text.greeting",
                            "MyApp.accessibility.toggle.notifications"])
        #expect(report.keys.allSatisfy { !$0.missing.contains("de") && !$0.missing.contains("en") })
        #expect(report.hasMissing)
        #expect(report.missingCounts.map(\.count) == [0, 0, 5])
    }

    @Test func withoutTheWrappersTheirKeysAreNotSeen() throws {
        let report = try seedReport(functions: [])
        #expect(!report.keys.contains { $0.key == "MyApp.accessibility.button.save" })
        #expect(report.unreferenced.map(\.key).contains("MyApp.accessibility.button.save"))
    }

    @Test func interpolatedSitesMatchTheStoreByPattern() throws {
        let report = try seedReport()
        #expect(report.keys.contains { $0.key == "%lld items" && $0.missing.isEmpty })
        #expect(report.sites.contains { $0.kind == .interpolated && $0.key == "%@ items" })
    }

    @Test func unreferencedKeysAreTheDevelopmentLanguagesUnused() throws {
        let report = try seedReport()
        #expect(report.unreferenced == [ScanReport.Unreferenced(table: "Localizable", key: "MyApp.accessibility.button.edit",
                                                                possibly: false)])
    }

    @Test func aDynamicSiteMakesUnreferencedKeysPossiblyUsed() {
        let sites = scanSites(#"NSLocalizedString(name, comment: "")"#)
        let layer = CatalogLayer(bundle: "app", language: LanguageTag("en")!, table: "Localizable", entries: [
            "unused": CatalogEntry(string: LocalizedString(template: "Unused"), bundle: "app", language: LanguageTag("en")!,
                                   folder: "en", location: nil),
        ])
        let report = ScanReport(files: 1, sites: sites, store: Catalog(bundles: ["app"], developmentLanguage: LanguageTag("en"),
                                                                        layers: [layer]))
        #expect(report.unreferenced == [ScanReport.Unreferenced(table: "Localizable", key: "unused", possibly: true)])
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let report = try seedReport()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(Array(object.keys).sorted() == ["keys", "sites", "summary", "unreferenced", "warnings"])
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
        let site = try #require((object["sites"] as? [[String: Any]])?.first)
        #expect(Set(site.keys) == ["file", "line", "column", "callee", "table", "key", "kind", "comment"])
        let key = try #require((object["keys"] as? [[String: Any]])?.first)
        #expect(Set(key.keys) == ["table", "key", "sites", "missing"])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 2)
        #expect(summary["missing"] as? [String: Int] == ["de": 0, "en": 0, "es": 5])
        #expect(summary["unreferenced"] as? Int == 1)
        #expect(summary["warnings"] as? Int == 0)
        // Stable: fields in the documented order.
        #expect(report.json().hasPrefix(#"{"sites":[{"file":"#))
    }

    @Test func textNamesTheFirstUseOfEachMissingKey() throws {
        let text = try seedReport().text()
        #expect(text.contains("Localizable [es]: 5 keys missing"))
        #expect(text.contains("SettingsView.swift:13: \"MyApp.accessibility.button.cancel\""))
        #expect(text.contains("Legacy.m:5: \"MyApp.accessibility.button.delete\""))
        #expect(text.hasSuffix("2 files, 10 sites (0 dynamic), 10 keys, missing: es 5, 1 unreferenced"))
    }

    @Test func aFileThatIsNotUTF8IsAWarningNotACrash() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x54, 0x65, 0x78, 0x74, 0x28, 0x22, 0xFF, 0xFE, 0x22, 0x29]).write(to: folder.appendingPathComponent("Bad.swift"))
        try Data(#"Text("good")"#.utf8).write(to: folder.appendingPathComponent("Good.swift"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        try Data(#"Text("hidden")"#.utf8).write(to: folder.appendingPathComponent(".hidden/H.swift"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Pods"), withIntermediateDirectories: true)
        try Data(#"Text("pod")"#.utf8).write(to: folder.appendingPathComponent("Pods/P.swift"))
        var options = Scan.Options()
        options.paths = [folder.path]
        let scanned = Scan.sites(options)
        #expect(scanned.warnings.map(\.code) == [.sourceNotUTF8])
        #expect(scanned.warnings.map(\.file) == ["\(folder.path)/Bad.swift"])
        #expect(scanned.sites.map(\.key) == ["good"])
        options.excludes = ["Good*"]
        #expect(Scan.sites(options).sites.isEmpty)
    }

    @Test func resourcesAreReadAsXcodeCollectsThem() throws {
        let store = try ScanStore.resources([fixture("SeedApp/Strings")], developmentLanguage: LanguageTag("en"))
        #expect(store.catalog.languages.map(\.rawValue) == ["de", "en", "es"])
        #expect(store.catalog.entry(key: "Settings", table: "Localizable", language: LanguageTag("es")!)?.string.template == "Ajustes")
    }

    @Test func aKeyInTwoResourceFilesIsAWarning() throws {
        let folder = try resourcesWithOneKeyTwice()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ScanStore.resources([folder.path], developmentLanguage: LanguageTag("en"))
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.code == .duplicateKey)
        #expect(store.catalog.entry(key: "same", table: "Localizable", language: LanguageTag("en")!) != nil)
    }
}
