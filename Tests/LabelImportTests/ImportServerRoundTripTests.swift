import Foundation
import LabelCore
import LabelLint
import MissingKeys
import TestSupport
import Testing
@testable import LabelImport
@testable import LabelServer

/// `/missing?format=xliff&lang=ru` → every target filled → `import` → reload: the
/// keys are served, coverage is complete, lint passes.
@Suite struct ImportServerRoundTripTests {
    typealias F = ImportFixtures

    static func store() throws -> URL {
        let plural = { (variants: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<!-- Files in a folder. -->
            \t<key>files.count</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@files@</string>
            \t\t<key>files</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \(variants)
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
        }
        return try F.bundle([
            "app/en.lproj/Localizable.strings": Data("\"greeting\" = \"Hello\";\n\"play.label\" = \"Play\";\n\"pause.label\" = \"Pause\";\n".utf8),
            "app/ru.lproj/Localizable.strings": Data("/* Greeting. */\n\"greeting\" = \"Привет\";\n".utf8),
            "app/en.lproj/Localizable.stringsdict": Data(plural("\t\t\t<key>one</key>\n\t\t\t<string>%d file</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d files</string>").utf8),
            "app/ru.lproj/Localizable.stringsdict": Data(plural("\t\t\t<key>one</key>\n\t\t\t<string>%d файл</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d файла</string>").utf8),
        ])
    }

    /// Every `<source>X</source>` followed by a translated target.
    static func filled(_ xliff: String, _ translate: (String) -> String) -> String {
        var out = "", rest = Substring(xliff)
        while let open = rest.range(of: "<source>"), let close = rest.range(of: "</source>", range: open.upperBound..<rest.endIndex) {
            let source = rest[open.upperBound..<close.lowerBound]
            out += rest[..<close.upperBound] + "\n<target state=\"translated\">" + translate(String(source)) + "</target>"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// A service over the store at `root` (bundle `app`, its report kept under `root/state`),
    /// and a GET through it.
    static func serve(_ root: URL) throws -> (StoreConfiguration, CatalogHolder, (String) throws -> RawResponse) {
        let configuration = StoreConfiguration(directory: root.path, bundles: ["app"])
        let holder = CatalogHolder(ServiceState(store: try StoreLoader.load(configuration)))
        let state = root.appendingPathComponent("state")
        let missing = MissingReportStore(stateDirectory: state, recorder: MissingKeyRecorder())
        let usage = UsageStore(stateDirectory: state, current: { holder.state.usage })
        let client = InProcessClient(LabelService(catalog: holder, missing: missing, usage: usage))
        return (configuration, holder, { target in try client.exchange("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n") })
    }

    /// Key → hits of a `/missing` JSON page.
    static func hits(_ response: RawResponse) throws -> [String: Int] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]], "\(response.text)")
        return Dictionary(entries.map { ($0["key"] as? String ?? "", $0["hits"] as? Int ?? -1) }, uniquingKeysWith: +)
    }

    @Test func exportedMissingKeysComeBackAndAreServed() throws {
        let root = try Self.store()
        defer { try? FileManager.default.removeItem(at: root) }
        let (configuration, holder, get) = try Self.serve(root)

        for target in ["/labels/pause.label?lang=ru", "/labels/play.label?lang=ru", "/labels/files.count?lang=ru&count=5"] { _ = try get(target) }
        let xliff = try get("/missing?format=xliff&lang=ru").text
        let translated = Self.filled(xliff) { source in
            switch source {
            case "Pause": "Пауза"
            case "Play": "Играть"
            default: source.replacingOccurrences(of: "files", with: "файлов")
            }
        }
        let importer = Importer(directory: root.appendingPathComponent("app"))
        let plan = importer.plan([try XLIFFReader.read(Data(translated.utf8), file: "missing.xliff")])
        #expect(!plan.report.isRefused && plan.report.findings.isEmpty, "\(plan.report)")
        try importer.apply(plan.writes)

        let hitsBefore = try Self.hits(get("/missing?lang=ru&format=json"))
        #expect(hitsBefore.keys.sorted() == ["files.count", "pause.label", "play.label"])
        _ = holder.replace(with: ServiceState(store: try StoreLoader.load(configuration)))
        #expect(try get("/labels/pause.label?lang=ru").text.contains("\"Пауза\""))
        #expect(try get("/labels/files.count?lang=ru&count=5").text.contains("5 файлов"))     // many
        #expect(try get("/labels/files.count?lang=ru&count=3").text.contains("3 файлов"))     // few
        #expect(try get("/labels/files.count?lang=ru&count=1").text.contains("1 файл\""))     // one, kept
        // Hit again, the imported keys are served and no longer missed: they leave the report's
        // default view and are listed resolved, with no hit added.
        #expect(try Self.hits(get("/missing?lang=ru&format=json")).isEmpty)
        #expect(try Self.hits(get("/missing?lang=ru&format=json&state=resolved")) == hitsBefore)
        let coverage = try #require(try JSONSerialization.jsonObject(with: Data(get("/coverage?lang=ru").body)) as? [String: Any])
        let row = try #require((coverage["languages"] as? [[String: Any]])?.first)
        #expect(row["translated"] as? Int == row["total"] as? Int)
        #expect((row["incompletePlurals"] as? [Any])?.isEmpty == true)
        // The .strings kept its comment and gained the keys; lint finds no error.
        #expect(F.text(root, "app/ru.lproj/Localizable.strings")?.hasPrefix("/* Greeting. */\n\"greeting\" = \"Привет\";\n") == true)
        #expect(F.text(root, "app/ru.lproj/Localizable.stringsdict")?.contains("<!-- Files in a folder. -->") == true)
        let lint = Linter(configuration: configuration, options: Linter.Options()).run()
        #expect(lint.errorCount == 0, "\(lint.findings)")
    }

    /// The server names a String Catalog's table `.strings`/`.stringsdict` in its XLIFF: its
    /// misses (a plain key, a top-level plural, a substitution) go back into the catalog.
    @Test func missingKeysOfAStringCatalogGoBackIntoTheCatalog() throws {
        let app = F.strings.appendingPathComponent("app")
        let root = try F.bundle([
            "app/en.lproj/Localizable.strings": try Data(contentsOf: app.appendingPathComponent("en.lproj/Localizable.strings")),
            "app/en.lproj/Localizable.stringsdict": try Data(contentsOf: app.appendingPathComponent("en.lproj/Localizable.stringsdict")),
            "app/Accessibility.xcstrings": try Data(contentsOf: app.appendingPathComponent("Accessibility.xcstrings")),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (configuration, holder, get) = try Self.serve(root)

        for key in ["celebration.continue.hint", "celebration.coins"] {
            _ = try get("/labels/\(key)?lang=ru&table=Accessibility&count=3")
        }
        _ = try get("/labels/celebration.puzzle.solved?lang=ru&table=Accessibility&count=3&arg=3&arg=7")
        let xliff = try get("/missing?format=xliff&lang=ru").text
        #expect(xliff.contains(#"original="Accessibility.strings""#))
        let translated = Self.filled(xliff) { "[ru] " + $0 }
        let importer = Importer(directory: root.appendingPathComponent("app"))
        let plan = importer.plan([try XLIFFReader.read(Data(translated.utf8), file: "missing.xliff")])
        #expect(!plan.report.isRefused, "\(plan.report.refusals)")
        #expect(plan.writes.map(\.path) == ["Accessibility.xcstrings"])
        try importer.apply(plan.writes)

        let catalog = try StringCatalogParser.parse(Data(contentsOf: root.appendingPathComponent("app/Accessibility.xcstrings")), file: "c")
        let russian = try #require(catalog.localizations["ru"])
        #expect(russian["celebration.continue.hint"]?.template.hasPrefix("[ru] ") == true)
        // Top-level plural: every Russian category; substitution: %arg back (read as %lld).
        #expect(russian["celebration.coins"]?.variables.first?.value.variants.keys.sorted() == [.one, .few, .many, .other])
        let solved = try #require(russian["celebration.puzzle.solved"], "\(xliff)\n\(plan.report)")
        #expect(solved.template.hasPrefix("[ru] ") && solved.template.contains("%#@coins@"))
        #expect(solved.variables["coins"]?.variants[.few] == "[ru] %lld coins")
        #expect(solved.variables["coins"]?.argumentNumber == 1 && solved.variables["coins"]?.valueType == "lld")
        let document = try JSONDocument.read(Array(Data(contentsOf: root.appendingPathComponent("app/Accessibility.xcstrings"))))
        let few = document["strings"]?["celebration.puzzle.solved"]?["localizations"]?["ru"]?["substitutions"]?["coins"]?["variations"]?["plural"]?["few"]
        #expect(few?["stringUnit"]?["value"]?.stringValue == "[ru] %arg coins")

        _ = holder.replace(with: ServiceState(store: try StoreLoader.load(configuration)))
        #expect(try get("/labels/celebration.coins?lang=ru&table=Accessibility&count=3").text.contains("[ru] Great! 3 coins collected"))
    }
}
