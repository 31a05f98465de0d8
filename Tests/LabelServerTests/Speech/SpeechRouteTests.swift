import Foundation
import LabelCore
import LabelServer
import Testing
import TestSupport

/// `GET /labels/{key}` and `GET /labels` over a store whose values hold Apple's inline
/// attribute markup (docs/speech.md): plain values, runs, `argLang`, the bundle's `markup`
/// and `runs`, Apple formats keeping the markup.
@Suite struct SpeechRouteTests {
    static let english = """
        "c" = "^[%lld Task](inflect: true)";
        "visit" = "Visit ^[Mürren](accessibilitySpeechPhoneticNotation: \\"ˈmʏrən\\") today";
        "plain" = "Plain";
        "video.play" = "%@, tap to play";

        """
    static let german = """
        "video.play" = "%@, zum Abspielen tippen";
        "c" = "^[%lld Aufgabe](inflect: true)";

        """
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>files</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>😀 %#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>^[%d file](x: 1)</string><key>other</key><string>%d files</string></dict>
        </dict></dict></plist>

        """

    static func withService(_ files: [String: String], _ body: (InProcessClient) throws -> Void) throws {
        let store = TemporaryFolder.make("speech")
        defer { try? FileManager.default.removeItem(at: store) }
        for (path, text) in files {
            let file = store.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let loaded = try StoreLoader.load(StoreConfiguration(directory: store.path, developmentLanguage: LanguageTag("en")))
        try body(InProcessClient(LabelService(catalog: CatalogHolder(ServiceState(store: loaded)))))
    }

    static let store = [
        "app/en.lproj/Localizable.strings": english, "app/de.lproj/Localizable.strings": german,
        "app/en.lproj/Localizable.stringsdict": stringsdict,
    ]

    static func get(_ client: InProcessClient, _ target: String, _ extra: String = "") throws -> RawResponse {
        try client.exchange("GET \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n")
    }

    static func json(_ response: RawResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func theValueIsPlainAndTheRunsSayWhatTheMarkupSaid() throws {
        try Self.withService(Self.store) { client in
            let response = try Self.get(client, "/labels/c?lang=en&count=3")
            #expect(response.status == 200)
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(body.contains(#""value":"3 Tasks","runs":[{"start":0,"length":7,"attributes":{"inflect":true}},{"start":0,"length":1,"attributes":{"argument":1}}],"source":"app/en""#))
            let plain = try Self.get(client, "/labels/c?lang=en&count=3", "Accept: text/plain\r\n")
            #expect(String(decoding: plain.body, as: UTF8.self) == "3 Tasks")
            let german = try Self.json(try Self.get(client, "/labels/c?lang=de&count=3"))
            #expect(german["value"] as? String == "3 Aufgabe")
            let visit = try Self.json(try Self.get(client, "/labels/visit?lang=en"))
            #expect(visit["value"] as? String == "Visit Mürren today")
            let runs = try #require(visit["runs"] as? [[String: Any]])
            #expect(runs.count == 1 && runs[0]["start"] as? Int == 6 && runs[0]["length"] as? Int == 6)
            #expect((runs[0]["attributes"] as? [String: String]) == ["accessibilitySpeechPhoneticNotation": "ˈmʏrən"])
        }
    }

    @Test func aLabelWithoutMarkupOrArgumentsHasNoRuns() throws {
        try Self.withService(Self.store) { client in
            let body = String(decoding: try Self.get(client, "/labels/plain?lang=en").body, as: UTF8.self)
            #expect(!body.contains("runs"))
            let unrendered = try Self.json(try Self.get(client, "/labels/c?lang=en"))
            #expect(unrendered["value"] as? String == "%lld Task")
            #expect(unrendered["arguments"] as? Int == 1)
        }
    }

    @Test func argLangGivesAnArgumentItsLanguage() throws {
        try Self.withService(Self.store) { client in
            let response = try Self.get(client, "/labels/video.play?lang=de&arg=Frozen%20%F0%9D%94%98&argLang=en")
            let json = try Self.json(response)
            #expect(json["value"] as? String == "Frozen 𝔘, zum Abspielen tippen")
            let runs = try #require(json["runs"] as? [[String: Any]])
            #expect(runs.count == 1 && runs[0]["start"] as? Int == 0 && runs[0]["length"] as? Int == 9)
            let attributes = try #require(runs[0]["attributes"] as? [String: Any])
            #expect(attributes["argument"] as? Int == 1 && attributes["languageIdentifier"] as? String == "en")
            let skipped = try Self.json(try Self.get(client, "/labels/video.play?lang=de&arg=x&argLang="))
            let plainRun = try #require((skipped["runs"] as? [[String: Any]])?.first?["attributes"] as? [String: Any])
            #expect(plainRun["languageIdentifier"] == nil)
        }
    }

    @Test func argLangIsValidated() throws {
        try Self.withService(Self.store) { client in
            let bad = try Self.get(client, "/labels/video.play?lang=de&arg=x&argLang=not%20a%20tag")
            #expect(bad.status == 400)
            #expect(try Self.json(bad)["error"] as? String == "invalid_argument_language")
            let many = try Self.get(client, "/labels/video.play?lang=de&arg=x&argLang=en&argLang=fr")
            #expect(many.status == 400)
            #expect(try Self.json(many)["error"] as? String == "too_many_argument_languages")
        }
    }

    @Test func theBundleIsPlainWithTheOriginalsAndRunsOfMarkedKeys() throws {
        try Self.withService(Self.store) { client in
            let bundle = try Self.json(try Self.get(client, "/labels?lang=en"))
            let labels = try #require(bundle["labels"] as? [String: String])
            #expect(labels["c"] == "%lld Task")
            #expect(labels["visit"] == "Visit Mürren today")
            #expect(labels["plain"] == "Plain")
            let plurals = try #require(bundle["plurals"] as? [String: [String: String]])
            #expect(plurals["files"] == ["one": "😀 %d file", "other": "😀 %d files"])
            let markup = try #require(bundle["markup"] as? [String: [String: Any]])
            #expect(Set(markup.keys) == ["c", "visit", "files"])
            #expect(markup["c"]?["template"] as? String == "^[%lld Task](inflect: true)")
            #expect(markup["files"]?["template"] == nil)
            #expect(markup["files"]?["plurals"] as? [String: String] == ["one": "😀 ^[%d file](x: 1)", "other": "😀 %d files"])
            let runs = try #require(bundle["runs"] as? [String: [[String: Any]]])
            #expect(Set(runs.keys) == ["c", "visit"])
            #expect(runs["c"]?.first?["length"] as? Int == 9)
            let strings = String(decoding: try Self.get(client, "/labels?lang=en&format=strings").body, as: UTF8.self)
            #expect(strings.contains(#""c" = "^[%lld Task](inflect: true)";"#))
            let stringsdict = String(decoding: try Self.get(client, "/labels?lang=en&format=stringsdict").body, as: UTF8.self)
            #expect(stringsdict.contains("^[%d file](x: 1)"))
        }
    }

    @Test func aBundleWithoutMarkupHasNoMarkupObjects() throws {
        try Self.withService(Self.store) { client in
            let body = String(decoding: try Self.get(client, "/labels?lang=de").body, as: UTF8.self)
            // German has markup in "c": its bundle carries the objects; a table without any does not.
            #expect(body.contains(#""markup":{"c":"#))
        }
        try Self.withService(["app/en.lproj/Localizable.strings": "\"plain\" = \"Plain %@\";\n"]) { client in
            let body = String(decoding: try Self.get(client, "/labels?lang=en").body, as: UTF8.self)
            #expect(!body.contains("markup") && !body.contains("runs"))
        }
    }
}
