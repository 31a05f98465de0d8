import Foundation
import LabelClient
import Testing

/// LabelClient's fallback from an app's own `Bundle`: its `.lproj` tables and String
/// Catalogs, read with the server's loader. On Linux `Bundle(path:)` opens any folder,
/// so a temporary folder laid out as an app bundle stands in for one.
@Suite struct BundleFallbackTests {
    static func appBundle() throws -> Bundle {
        let root = temporaryDirectory().appendingPathComponent("Demo.app", isDirectory: true)
        let tables = [
            ("en.lproj/Localizable.strings", #""coins.title" = "Coins";"#),
            ("de.lproj/Localizable.strings", #""coins.title" = "Münzen";"#),
            ("de.lproj/Localizable.stringsdict", """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>coins.count</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@coins@</string>
                <key>coins</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d Münze</string><key>other</key><string>%d Münzen</string></dict>
                </dict></dict></plist>
                """),
            ("Settings.xcstrings", #"{"sourceLanguage": "en", "version": "1.0", "strings": {"settings.title": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Einstellungen"}}}}}}"#),
        ]
        for (path, text) in tables {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try #require(Bundle(path: root.path))
    }

    @Test func noServerServesTheAppsOwnBundle() async throws {
        let client = LabelClient(baseURL: try OfflineTests.deadURL(), fallback: try Self.appBundle(), timeout: .seconds(ClientTestServer.patience))
        let labels = try await client.labels(language: "de-AT")
        #expect(labels.origin == .fallback)
        #expect(labels.language == "de")
        #expect(labels.string("coins.title") == "Münzen")
        #expect(labels.string("coins.count", count: 3) == "3 Münzen")
        #expect(client.fallbackStore == nil)
    }

    @Test func anotherTableOfTheBundleComesFromItsStringCatalog() async throws {
        let client = LabelClient(baseURL: try OfflineTests.deadURL(), table: "Settings", fallback: try Self.appBundle(),
                                 timeout: .seconds(ClientTestServer.patience))
        #expect(try await client.labels(language: "de").string("settings.title") == "Einstellungen")
    }
}
