import Foundation
import LabelClient
import LabelCore
import Testing
import TestSupport

/// Inline attribute markup, client against server: `string(…)` holds no markup and
/// equals the server's `value`, `rendering(…)`'s runs equal the server's `runs` (with
/// arguments, argument languages, plurals, inflection, UTF-16 offsets past characters
/// beyond U+FFFF), online and from the cache with the server gone, and the Foundation
/// bundle keeps the markup exactly.
struct SpeechParityTests {

    static let strings: [String: String] = [
        "en": #"""
            "visit.label" = "Visit ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\", languageIdentifier: \"de-CH\") today";
            "emoji.label" = "😀 𝄞 ^[Zürich](languageIdentifier: \"de\") and ^[SOS](accessibilitySpeechSpellsOutCharacters: true)";
            "nested.label" = "^[Chapter ^[one](accessibilitySpeechIncludesPunctuation: true)](accessibilityHeadingLevel: 2)";
            "play.hint" = "^[%@](accessibilitySpeechAdjustedPitch: 0.8), tap to play %@";
            "tasks.count" = "^[%lld Task](inflect: true)";
            "people.count" = "%@ invited ^[%lld person](inflect: true)";
            "broken.label" = "Tap ^[here](languageIdentifier: \"en\"";
            "custom.label" = "^[Maps](myOwnAttribute: \"x\")";
            """#,
        "de": #"""
            "visit.label" = "Besuche ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\", languageIdentifier: \"de-CH\") heute";
            "emoji.label" = "😀 𝄞 ^[Zürich](languageIdentifier: \"de\") und ^[SOS](accessibilitySpeechSpellsOutCharacters: true)";
            "play.hint" = "%2$@: ^[%1$@](accessibilitySpeechAdjustedPitch: 0.8), zum Abspielen tippen";
            "tasks.count" = "^[%lld Aufgabe](inflect: true)";
            """#,
    ]
    static let stringsdict = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>coins.count</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>^[%#@n@](accessibilityHeadingLevel: 1) left</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>%d ^[coin](languageIdentifier: "en-GB")</string>
        <key>other</key><string>%d ^[coins](languageIdentifier: "en-GB")</string></dict>
        </dict></dict></plist>
        """#

    /// (count, arguments with their languages) per key.
    static let requests: [String: [(Double?, [LabelArgument])]] = [
        "play.hint": [(nil, [.text("Frozen", language: "en"), .text("Kino")]), (nil, [.text("🎬 Ω", language: "el"), "x"])],
        "tasks.count": [(1, []), (3, []), (0, [])],
        "people.count": [(nil, [.text("Anna", language: "sv"), .number(1)]), (nil, ["Bo", .number(2)])],
        "coins.count": [(1, []), (21, [])],
    ]

    static func store() throws -> LoadedStore {
        let root = temporaryDirectory()
        for (language, text) in strings {
            let folder = root.appendingPathComponent("app/\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        try Data(stringsdict.utf8).write(to: root.appendingPathComponent("app/en.lproj/Localizable.stringsdict"))
        return try StoreLoader.load(StoreConfiguration(directory: root.path, bundles: ["app"]))
    }

    /// A run as comparable values: offsets and the attributes by name (JSON objects are unordered).
    struct Run: Hashable, CustomStringConvertible {
        var start: Int
        var length: Int
        var attributes: [String: String]
        var description: String { "\(start)+\(length) \(attributes.sorted { $0.key < $1.key })" }
    }

    static func runs(_ runs: [LabelRun]) -> [Run] {
        runs.map { run in
            Run(start: run.start, length: run.length, attributes: Dictionary(run.attributes.map { attribute in
                switch attribute.value {
                case .string(let text): (attribute.name, "s:" + text)
                case .number(let number): (attribute.name, "n:\(number)")
                case .boolean(let flag): (attribute.name, "b:\(flag)")
                }
            }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// The server's `runs`, read with LabelCore's JSON reader (booleans stay booleans).
    static func runs(json: JSONDocument?) -> [Run] {
        guard case .array(let items)? = json else { return [] }
        return items.map { run in
            var attributes: [String: String] = [:]
            if case .object(let members)? = run["attributes"] {
                for member in members {
                    switch member.value {
                    case .bool(let flag): attributes[member.key] = "b:\(flag)"
                    case .number(let text): attributes[member.key] = "n:\(Double(text) ?? .nan)"
                    case .string(let text, _): attributes[member.key] = "s:" + text
                    default: attributes[member.key] = "?"
                    }
                }
            }
            func integer(_ key: String) -> Int {
                if case .number(let text)? = run[key] { return Int(text) ?? -1 }
                return -1
            }
            return Run(start: integer("start"), length: integer("length"), attributes: attributes)
        }
    }

    func request(_ key: String, _ language: String, _ count: Double?, _ arguments: [LabelArgument]) -> String {
        var query = ["lang=\(language)"]
        if let count { query.append("count=\(LabelArgumentText.text(.number(count)))") }
        for argument in arguments {
            query.append("arg=" + LabelArgumentText.text(argument).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        }
        if arguments.contains(where: { LabelArgumentText.language($0) != nil }) {
            for argument in arguments { query.append("argLang=\(LabelArgumentText.language(argument) ?? "")") }
        }
        let path = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: ".")))!
        return "GET /labels/\(path)?\(query.joined(separator: "&")) HTTP/1.1\r\nHost: test\r\nAccept: application/json\r\n\r\n"
    }

    @Test func textAndRunsEqualTheServersOnlineAndFromTheCache() async throws {
        let store = try Self.store()
        let server = try ClientTestServer(store: store)
        let connection = UncheckedBox(try RawClient(port: server.port, timeout: ClientTestServer.patience))
        let cache = temporaryDirectory()
        var compared = 0
        var withRuns = 0
        for language in ["en", "de"] {
            let online = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil,
                                               timeout: ClientTestServer.patience).labels(language: language)
            for key in online.keys {
                for (count, arguments) in Self.requests[key] ?? [(nil, [])] {
                    let wire = request(key, language, count, arguments)
                    let response = try await offPool { try connection.value.exchange(wire) }
                    #expect(response.status == 200, "\(key) \(language): \(response.text)")
                    let json = try JSONDocument.read(response.body)
                    let local = online.rendering(key, count: count, arguments: arguments)
                    #expect(local.text == json["value"]?.stringValue, "\(key) \(language)")
                    #expect(online.string(key, count: count, arguments: arguments.map(LabelArgumentText.text)) == local.text)
                    #expect(Self.runs(local.runs) == Self.runs(json: json["runs"]), "\(key) \(language) \(count ?? -1)")
                    if !local.runs.isEmpty { withRuns += 1 }
                    compared += 1
                }
            }
        }
        server.stop()
        // From the cache (its compact form), with the server gone: the same runs.
        let offline = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil,
                                            timeout: ClientTestServer.patience).labels(language: "en")
        #expect(offline.origin == .cache)
        let visit = offline.rendering("visit.label")
        #expect(visit.text == "Visit Mürren today")
        #expect(Self.runs(visit.runs) == [Run(start: 6, length: 6, attributes: [
            "accessibilitySpeechPhoneticNotation": "s:ˈmʏrən", "languageIdentifier": "s:de-CH"])])
        #expect(compared > 15)
        #expect(withRuns > 10)
    }

    @Test func theStringAPINeverHoldsMarkupAndTheBundleKeepsIt() async throws {
        let store = try Self.store()
        let server = try ClientTestServer(store: store)
        defer { server.stop() }
        let cache = temporaryDirectory()
        let labels = try await LabelClient(baseURL: server.baseURL, cacheDirectory: cache, fallbackStore: nil,
                                           timeout: ClientTestServer.patience).labels(language: "en")
        for key in labels.keys where key != "broken.label" {
            #expect(!labels.string(key, count: 2, arguments: ["a", "b"]).contains("^["), "\(key)")
        }
        #expect(labels.string("tasks.count", count: 3) == "3 Tasks")
        let bundle = try #require(labels.bundle)
        let strings = try String(contentsOf: bundle.bundleURL.appendingPathComponent("en.lproj/Localizable.strings"), encoding: .utf8)
        #expect(strings.contains(#""visit.label" = "Visit ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\", languageIdentifier: \"de-CH\") today";"#))
        let plurals = try String(contentsOf: bundle.bundleURL.appendingPathComponent("en.lproj/Localizable.stringsdict"), encoding: .utf8)
        #expect(plurals.contains("%d ^[coins](languageIdentifier: \"en-GB\")"))
    }

    @Test func anAttributedStringCarriesTheArgumentsLanguage() async throws {
        let store = try Self.store()
        let server = try ClientTestServer(store: store)
        defer { server.stop() }
        let labels = try await LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil,
                                           timeout: ClientTestServer.patience).labels(language: "de")
        let string = labels.attributedString("play.hint", arguments: [.text("Frozen", language: "en"), "Kino"])
        #expect(String(string.characters) == "Kino: Frozen, zum Abspielen tippen")
        let english = string.runs.filter { $0.languageIdentifier == "en" }.map { String(string[$0.range].characters) }
        #expect(english == ["Frozen"])
    }
}

/// ``LabelArgument``'s request text and language, as the tests write the query.
enum LabelArgumentText {
    static func text(_ argument: LabelArgument) -> String {
        switch argument {
        case .text(let text, _): text
        case .number(let number): number == number.rounded() ? String(Int64(number)) : String(number)
        }
    }

    static func language(_ argument: LabelArgument) -> String? {
        if case .text(_, let language) = argument { return language }
        return nil
    }
}

