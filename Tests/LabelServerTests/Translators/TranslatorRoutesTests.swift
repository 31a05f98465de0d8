import Foundation
import HTTP1
#if canImport(FoundationXML)
import FoundationXML
#endif
import LabelCore
import MissingKeys
@testable import LabelServer
@testable import LabelTranslators
import TestSupport
import Testing

@Suite struct TranslatorRoutesTests {
    /// Keys a client may record through GET /labels/<anything> (percent-encoded on the wire).
    static let hostileKeys = [
        "<img src=x onerror=alert(1)>",
        "\"><script>alert(1)</script>",
        "javascript:alert(1)",
        "]]><evil/>",
        "safe\u{202E}txt.exe",
        "it's & <b>bold</b>",
    ]

    static func encoded(_ key: String) -> String {
        TranslatorPage.percentEncoded(key)
    }

    @Test func aBrowserGetsTheHTMLPageWithTheSecurityHeaders() throws {
        try TranslatorServer.with { server in
            _ = try server.get("/labels/play.label?lang=ru")
            let response = try server.get("/missing", TranslatorServer.browserAccept)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            let csp = try #require(response.header("Content-Security-Policy"))
            #expect(csp.hasPrefix("default-src 'none'; style-src 'sha256-"))
            #expect(!csp.contains("unsafe-inline"))
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Referrer-Policy") == "no-referrer")
            #expect(response.text.contains("<th scope=\"row\"><code>play.label</code></th>"))
            // The development-language text beside the key.
            #expect(response.text.contains("<td class=\"source\">Play</td>"))
        }
    }

    @Test(arguments: ["/missing", "/coverage", "/usage", "/missing?format=xliff", "/labels/play.label?lang=ru"])
    func everyPageSaysNosniffExactlyOnce(target: String) throws {
        try TranslatorServer.with { server in
            _ = try server.get("/labels/play.label?lang=ru")
            let response = try server.get(target, TranslatorServer.browserAccept)
            #expect(response.status == 200, "\(response)")
            #expect(response.headerValues("X-Content-Type-Options") == ["nosniff"], "\(target)")
        }
    }

    @Test func curlStillGetsJSONAndFormatHTMLForcesThePage() throws {
        try TranslatorServer.with { server in
            let json = try server.get("/missing", "Accept: */*\r\n")
            #expect(json.header("Content-Type") == "application/json; charset=utf-8")
            let html = try server.get("/missing?format=html")
            #expect(html.header("Content-Type") == "text/html; charset=utf-8")
        }
    }

    @Test func hostileKeysAreTextNeverMarkup() throws {
        try TranslatorServer.with { server in
            for key in Self.hostileKeys { _ = try server.get("/labels/\(Self.encoded(key))?lang=ru") }
            let page = try server.get("/missing?format=html&lang=ru").text
            #expect(!page.contains("<img"))
            #expect(!page.contains("<script"))
            #expect(!page.contains("<evil"))
            #expect(!page.contains("<b>"))
            #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(page.contains("&quot;&gt;&lt;script&gt;"))
            // The RTL override is shown, not obeyed.
            #expect(page.contains("safe⟨U+202E⟩txt.exe"))
            #expect(!page.contains("\u{202E}"))
        }
    }

    @Test func filtersStayInTheFormAndTheDownloadLinks() throws {
        try TranslatorServer.with { server in
            _ = try server.get("/labels/play.label?lang=ru")
            _ = try server.get("/labels/play.label?lang=fr")
            let page = try server.get("/missing?format=html&lang=ru&q=pla").text
            #expect(page.contains(#"<option value="ru" selected="selected">ru</option>"#))
            #expect(page.contains(#"value="pla""#))
            #expect(page.contains(#"href="/missing?lang=ru&amp;q=pla&amp;format=xliff""#))
            #expect(page.contains(#"href="/missing?lang=ru&amp;q=pla&amp;format=csv""#))
            #expect(page.contains(#"href="/missing?lang=ru&amp;q=pla&amp;table=Localizable&amp;format=strings""#))
            #expect(page.contains("1 entry"))
            let none = try server.get("/missing?format=html&lang=ru&q=zzz").text
            #expect(none.contains("Nothing missing for this selection."))
        }
    }

    @Test func aCountSelectingACategoryTheLanguageLacksIsAMissingHitWithTheCategory() throws {
        try TranslatorServer.with { server in
            // ru 5 → many; the ru stringsdict has one and other only.
            let label = try #require(try server.get("/labels/files.count?lang=ru&count=5").json)
            #expect(label["value"] as? String == "5 файла")
            _ = try server.get("/labels/files.count?lang=ru&count=1")   // one: present, no miss
            let report = server.missing.recorder.snapshot()
            #expect(report.entries.count == 1)
            let entry = try #require(report.entries.first)
            #expect(entry.key == "files.count")
            #expect(entry.requested == "ru")
            #expect(entry.plural == PluralMiss(variable: "files", category: .many))
            let json = try #require(try server.get("/missing").json)
            let first = try #require((json["entries"] as? [[String: Any]])?.first)
            #expect(first["category"] as? String == "many")
            #expect(first["variable"] as? String == "files")
            let page = try server.get("/missing?format=html").text
            #expect(page.contains("<td><code>files</code> · many</td>"))
            // The development-language form for the category (en other) beside the key.
            #expect(page.contains("<td class=\"source\">%d files</td>"))
        }
    }

    @Test func xliffHasOneUnitPerCategoryTheTargetNeedsWithXcodeIDs() throws {
        try TranslatorServer.with { server in
            _ = try server.get("/labels/files.count?lang=pl&count=5")   // whole key missing in pl
            _ = try server.get("/labels/files.count?lang=ru&count=5")   // ru lacks few and many
            _ = try server.get("/labels/pause.label?lang=ru")
            let response = try server.get("/missing?format=xliff")
            #expect(response.header("Content-Type") == "application/xliff+xml; charset=utf-8")
            let xml = response.text
            // Plural units in a .stringsdict <file>, plain ones in a .strings <file>, as Xcode exports them.
            #expect(xml.contains(#"<file original="Localizable.stringsdict" source-language="en" target-language="pl" datatype="plaintext">"#))
            #expect(!xml.contains(#"<file original="Localizable.strings" source-language="en" target-language="pl""#))
            #expect(xml.contains(#"<file original="Localizable.strings" source-language="en" target-language="ru" datatype="plaintext">"#))
            #expect(xml.contains(#"<file original="Localizable.stringsdict" source-language="en" target-language="ru" datatype="plaintext">"#))
            let ids = Self.unitIDs(xml)
            // pl needs one, few, many, other: all four plus the format key.
            for category in ["one", "few", "many", "other"] {
                #expect(ids["pl"]?.contains("/files.count:dict/files:dict/\(category):dict/:string") == true, "pl \(category)")
            }
            #expect(ids["pl"]?.contains("/files.count:dict/NSStringLocalizedFormatKey:dict/:string") == true)
            // ru has one and other: only the lacking forms are asked for.
            #expect(ids["ru"]?.contains("/files.count:dict/files:dict/few:dict/:string") == true)
            #expect(ids["ru"]?.contains("/files.count:dict/files:dict/many:dict/:string") == true)
            #expect(ids["ru"]?.contains("/files.count:dict/files:dict/one:dict/:string") == false)
            #expect(ids["ru"]?.contains("pause.label") == true)
            #expect(xml.contains("<source>Pause</source>"))
        }
    }

    @Test func clientKeysSpelledLikeStringsdictIDsNeverReplaceTheRealUnits() throws {
        try TranslatorServer.with { server in
            _ = try server.get("/labels/files.count?lang=ar&count=3")   // whole key missing in ar
            let forged = ["/files.count:dict/NSStringLocalizedFormatKey:dict/:string",
                          "/files.count:dict/files:dict/few:dict/:string"]
            let items = forged.map { #"{"key":"\#($0)","lang":"ar"}"# }.joined(separator: ",")
            for _ in 0..<3 {   // more hits than the real miss: the client's entries come first in the report
                let body = "[\(items)]"
                let response = try server.client.exchange(
                    "POST /missing HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                #expect(response.status == 204 || response.status == 200, "\(response)")
            }
            let xml = try server.get("/missing?format=xliff&lang=ar").text
            let units = Self.units(xml)
            // Each <file> holds distinct ids (XLIFF 1.2), and the real stringsdict units are all
            // there: the format key and CLDR ar's six categories, with the English source.
            for (file, ids) in Dictionary(grouping: units, by: \.file) {
                #expect(Set(ids.map(\.id)).count == ids.count, "duplicate ids in \(file)")
            }
            let plural = units.filter { $0.file == "Localizable.stringsdict" }
            #expect(plural.count == 7, "\(units)")
            #expect(plural.first { $0.id == forged[0] }?.source == "%#@files@")
            #expect(plural.first { $0.id == forged[1] }?.source == "%d files")
            for category in ["zero", "one", "two", "few", "many", "other"] {
                #expect(plural.contains { $0.id == "/files.count:dict/files:dict/\(category):dict/:string" }, "\(category)")
            }
            // The client's keys are plain keys of the .strings file: the key is their source.
            let plain = units.filter { $0.file == "Localizable.strings" }
            #expect(Set(plain.map(\.id)) == Set(forged), "\(units)")
            #expect(plain.allSatisfy { $0.source == $0.id })
        }
    }

    /// Every trans-unit as (its file's `original`, id, source text), read with Foundation's XML parser.
    static func units(_ xml: String) -> [(file: String, id: String, source: String)] {
        final class Reader: NSObject, XMLParserDelegate {
            var file = ""
            var units: [(file: String, id: String, source: String)] = []
            var inSource = false
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "file" { file = attributes["original"] ?? "" }
                if name == "trans-unit" { units.append((file, attributes["id"] ?? "", "")) }
                inSource = name == "source"
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                inSource = false
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if inSource, !units.isEmpty { units[units.count - 1].source += string }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        return reader.units
    }

    /// `target-language` → trans-unit ids, read with Foundation's XML parser (an outside reader).
    static func unitIDs(_ xml: String) -> [String: [String]] {
        final class Reader: NSObject, XMLParserDelegate {
            var target = ""
            var ids: [String: [String]] = [:]
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "file" { target = attributes["target-language"] ?? "" }
                if name == "trans-unit", let id = attributes["id"] { ids[target, default: []].append(id) }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        return reader.ids
    }

    @Test(.enabled(if: XLIFFSchema.xmllint != nil, "xmllint (Debian libxml2-utils) is not installed; scripts/check-browser.sh installs it"))
    func xliffValidatesAgainstTheOASISSchemaWithHostileKeys() throws {
        try TranslatorServer.with { server in
            for key in Self.hostileKeys + ["tab\tand\nnewline", "nul\u{1}control",
                                            "/files.count:dict/files:dict/few:dict/:string"] {
                _ = try server.get("/labels/\(Self.encoded(key))?lang=ru")
            }
            _ = try server.get("/labels/files.count?lang=ru&count=5")
            let xml = try server.get("/missing?format=xliff").body
            let check = try #require(try XLIFFSchema.check(xml))
            #expect(check.status == 0, "\(check.message)")
            // The key ]]><evil/> is text: an id attribute and a source, escaped.
            let ids = Self.unitIDs(String(decoding: xml, as: UTF8.self))
            #expect(ids["ru"]?.contains("]]><evil/>") == true)
        }
    }

    @Test func coverageIsComputedAtLoadPerLanguageAndTable() throws {
        try TranslatorServer.with { server in
            let json = try #require(try server.get("/coverage?lang=ru").json)
            let rows = try #require(json["languages"] as? [[String: Any]])
            #expect(rows.count == 1)
            let row = try #require(rows.first)
            #expect(row["table"] as? String == "Localizable")
            #expect(row["total"] as? Int == 4)
            #expect(row["translated"] as? Int == 2)
            #expect(row["missing"] as? [String] == ["pause.label", "play.label"])
            let plurals = try #require(row["incompletePlurals"] as? [[String: Any]])
            #expect(plurals.first?["key"] as? String == "files.count")
            #expect(plurals.first?["categories"] as? [String] == ["few", "many"])
            #expect(row["percent"] as? Double == 50.0)
            let page = try server.get("/coverage", TranslatorServer.browserAccept)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.text.contains("(needs few, many)"))
        }
    }

    @Test func usageCountsRequestsOfCatalogKeysAndListsUnusedOnes() throws {
        try TranslatorServer.with { server in
            for _ in 0..<3 { _ = try server.get("/labels/greeting?lang=ru") }
            _ = try server.get("/labels/play.label?lang=en")
            _ = try server.get("/labels/no.such.key?lang=en")   // not a catalog key: the missing report's
            let json = try #require(try server.get("/usage").json)
            let entries = try #require(json["entries"] as? [[String: Any]])
            #expect(entries.count == 4)
            #expect(entries.first?["key"] as? String == "greeting")
            #expect(entries.first?["hits"] as? Int == 3)
            #expect(entries.first?["lastRequested"] is String)
            let unused = try #require(try server.get("/usage?unused=true").json?["entries"] as? [[String: Any]])
            #expect(Set(unused.compactMap { $0["key"] as? String }) == ["pause.label", "files.count"])
            #expect(unused.allSatisfy { $0["lastRequested"] is NSNull })
            let bad = try server.get("/usage?unused=maybe")
            #expect(bad.status == 400)
            #expect(bad.json?["error"] as? String == "invalid_unused")
        }
    }

    @Test func usageSurvivesARestartThroughTheStateFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("usage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try TranslatorServer.writeStore(to: root.appendingPathComponent("Strings"))
        let loaded = try StoreLoader.load(StoreConfiguration(directory: root.appendingPathComponent("Strings").path))
        let counters = UsageCounters(catalog: loaded.catalog)
        let state = root.appendingPathComponent("state")
        let first = UsageStore(stateDirectory: state, current: { counters })
        for _ in 0..<5 { counters.record(table: "Localizable", key: "greeting", at: 1_700_000_000) }
        counters.record(table: "Localizable", key: "not.in.catalog", at: 1_700_000_000)
        #expect(try first.flushIfDirty())
        #expect(try !first.flushIfDirty(), "nothing changed: no second write")
        let fresh = UsageCounters(catalog: loaded.catalog)
        let second = UsageStore(stateDirectory: state, current: { fresh })
        let totals = second.snapshot().totals
        #expect(totals[UsageCounters.Key(table: "Localizable", key: "greeting")] == UsageStore.Totals(hits: 5, latest: 1_700_000_000))
        #expect(totals.count == 1)
    }

    @Test func countersFromSeveralThreadsAddUpExactly() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("usage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try TranslatorServer.writeStore(to: root)
        let counters = UsageCounters(catalog: try StoreLoader.load(StoreConfiguration(directory: root.path)).catalog)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counters.record(table: "Localizable", key: "greeting", at: 1) }
        }
        let drained = counters.drain()
        #expect(drained.count == 1)
        #expect(drained.first?.hits == 80_000)
        #expect(counters.drain().isEmpty, "a drain resets the counts")
    }

    @Test func browsersPreferHTMLAndScriptsDoNot() {
        #expect(MediaNegotiation.prefersHTML("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"))
        #expect(!MediaNegotiation.prefersHTML("*/*"))
        #expect(!MediaNegotiation.prefersHTML(nil))
        #expect(!MediaNegotiation.prefersHTML("application/json, text/html;q=0.5"))
        #expect(!MediaNegotiation.prefersHTML("text/html;q=0"))
    }

    @Test func qValuesThatAreNotFiniteNumbersCountAsZeroInsteadOfTrapping() throws {
        for bad in ["nan", "inf", "-inf", "1e999", "-1e999", "NaN"] {
            #expect(QualityList.qValue(Substring(bad)) == nil, "\(bad)")
            #expect(!MediaNegotiation.prefersPlainText("text/plain;q=\(bad)"))
            #expect(!MediaNegotiation.prefersHTML("text/html;q=\(bad)"))
        }
        #expect(QualityList.qValue("0.5") == 500)
        #expect(QualityList.qValue("7") == nil)   // not a qvalue: the range counts as q=0
        try TranslatorServer.with { server in
            let response = try server.get("/labels/greeting?lang=ru", "Accept: text/plain;q=nan\r\n")
            #expect(response.status == 200)
            #expect(try server.get("/healthz").status == 200, "the server is still up")
        }
    }

    @Test func aBadQueryIsA400WithItsCode() throws {
        try TranslatorServer.with { server in
            for (target, code) in [("/missing?format=html&lang=../etc", "invalid_language"), ("/missing?format=pdf", "invalid_format"),
                                   ("/missing?format=html&limit=0", "invalid_limit"), ("/coverage?format=xml", "invalid_format")] {
                let response = try server.get(target)
                #expect(response.status == 400)
                #expect(response.json?["error"] as? String == code, "\(target)")
            }
        }
    }
}
