import Foundation
import HTTP1
import HTTPServer
import LabelCore
@testable import LabelServer
import MissingKeys
import TestSupport
import Testing

/// `GET /missing?include=untranslated`, resolved entries after a reload (`state=resolved`),
/// the single-entry `DELETE /missing?key=K&lang=L`, and the downloads' names, over the
/// translators' store (English development, Russian lacking `play.label` and `pause.label`).
@Suite struct BacklogRouteTests {
    static func json(_ response: RawResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static func keys(_ object: [String: Any]) -> [String] {
        (object["entries"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
    }

    static func record(_ server: TranslatorServer, _ key: String, lang: String = "ru") {
        server.missing.recorder.record(table: "Localizable", key: key, requested: lang, servedFrom: "app/en", at: Date())
    }

    /// The store again with Russian `play.label` added, swapped in as a reload does.
    static func reloadWithPlayTranslated(_ server: TranslatorServer) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("backlog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try TranslatorServer.writeStore(to: root)
        try Data(#""greeting" = "Привет"; "play.label" = "Играть";"#.utf8)
            .write(to: root.appendingPathComponent("app/ru.lproj/Localizable.strings"))
        let loaded = try StoreLoader.load(StoreConfiguration(directory: root.path))
        _ = server.holder.replace(with: ServiceState(store: loaded, loadedAt: Date(timeIntervalSince1970: 1_900_000_000)))
    }

    @Test func includeUntranslatedAddsTheKeysTheLanguageLacksAfterTheRequestedOnes() throws {
        try TranslatorServer.with { server in
            Self.record(server, "pause.label")
            let response = try server.get("/missing?lang=ru&include=untranslated&format=json")
            #expect(response.status == 200)
            let object = try Self.json(response)
            // The requested key first, with its hits; then the other key Russian lacks, once.
            #expect(Self.keys(object) == ["pause.label", "play.label"])
            let entries = try #require(object["entries"] as? [[String: Any]])
            #expect(entries[1]["hits"] as? Int == 0)
            #expect(entries[1]["firstSeen"] is NSNull)
            #expect(entries[1]["untranslated"] as? Bool == true)
            let untranslated = try #require(object["untranslated"] as? [String: Any])
            #expect(untranslated["total"] as? Int == 2)
            #expect(untranslated["limit"] as? Int == 10_000)
            #expect(response.header("x-untranslated-total") == "2")
            #expect(response.header("content-disposition") == #"attachment; filename="missing-ru.json""#)
        }
    }

    @Test(arguments: ["csv", "xliff", "strings", "html"])
    func everyFormatCarriesTheUntranslatedKeys(format: String) throws {
        try TranslatorServer.with { server in
            let response = try server.get("/missing?lang=ru&include=untranslated&format=\(format)")
            #expect(response.status == 200)
            #expect(response.text.contains("play.label"))
            #expect(response.text.contains("pause.label"))
            // Without include, nothing was requested: neither key.
            #expect(!(try server.get("/missing?lang=ru&format=\(format)")).text.contains("play.label"))
        }
    }

    @Test(arguments: [("include=garbage&lang=ru", "invalid_include"), ("include=untranslated%0D%0A", "invalid_include"),
                      ("include=\(String(repeating: "u", count: 5000))", "invalid_include"),
                      ("state=closed", "invalid_state"), ("state=%0D%0ASet-Cookie:x", "invalid_state")])
    func hostileReadParametersAre400WithTheirCode(query: String, code: String) throws {
        try TranslatorServer.with { server in
            let response = try server.get("/missing?\(query)")
            #expect(response.status == 400)
            #expect(try Self.json(response)["error"] as? String == code)
        }
    }

    @Test func withoutALanguageIncludeUntranslatedListsEveryLanguagesBacklogAndTheResolvedViewNone() throws {
        try TranslatorServer.with { server in
            let all = try Self.json(try server.get("/missing?include=untranslated"))
            let entries = try #require(all["entries"] as? [[String: Any]])
            #expect(entries.map { "\($0["key"] as? String ?? "")/\($0["requested"] as? String ?? "")" }
                == ["pause.label/ru", "play.label/ru"])
            #expect(Self.keys(try Self.json(try server.get("/missing?include=untranslated&state=resolved"))).isEmpty)
            #expect(Self.keys(try Self.json(try server.get("/missing?include=untranslated&state=all&lang=ru"))).count == 2)
        }
    }

    @Test func theUntranslatedKeysOfOneAnswerAreBoundedAndTheAnswerSaysSo() throws {
        let root = TemporaryFolder.make("backlog-bound")
        defer { try? FileManager.default.removeItem(at: root) }
        let count = Backlog.maximumUntranslated + 5
        let lines = (0..<count).map { "\"key.\($0)\" = \"Text \($0)\";" }.joined(separator: "\n")
        for (folder, text) in [("app/en.lproj", lines), ("app/de.lproj", #""key.0" = "Text";"#)] {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url.appendingPathComponent("Localizable.strings"))
        }
        let holder = CatalogHolder(ServiceState(store: try StoreLoader.load(StoreConfiguration(directory: root.path))))
        let missing = MissingReportStore(stateDirectory: root.appendingPathComponent("state"), recorder: MissingKeyRecorder())
        let client = InProcessClient(LabelService(catalog: holder, missing: missing))
        let response = try client.exchange("GET /missing?lang=de&include=untranslated&limit=10 HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(response.header("x-untranslated-total") == String(count - 1))
        #expect(response.header("x-untranslated-limit") == String(Backlog.maximumUntranslated))
        let object = try Self.json(response)
        #expect((object["untranslated"] as? [String: Any])?["included"] as? Int == Backlog.maximumUntranslated)
        #expect(object["total"] as? Int == Backlog.maximumUntranslated)
        #expect((object["entries"] as? [Any])?.count == 10)
    }

    @Test func aDownloadIsNamedByTheCanonicalTagNeverTheRequestText() throws {
        try TranslatorServer.with { server in
            #expect(try server.get("/missing?lang=de_at&format=xliff").header("content-disposition")
                == #"attachment; filename="missing-de-AT.xliff""#)
            #expect(try server.get("/missing?format=csv").header("content-disposition")
                == #"attachment; filename="missing.csv""#)
            #expect(try server.get("/missing?format=strings&lang=ru").header("content-disposition")
                == #"attachment; filename="missing-ru.strings""#)
            // Not a tag: refused before any header is written.
            let hostile = try server.get("/missing?lang=de%22%0D%0AX:y&format=xliff")
            #expect(hostile.status == 400)
            #expect(hostile.header("content-disposition") == nil)
            // JSON read by clients (no format) is no download.
            #expect(try server.get("/missing").header("content-disposition") == nil)
        }
    }

    @Test func aKeyServedFromTheLanguageAfterAReloadLeavesTheDefaultViewAndIsListedResolved() throws {
        try TranslatorServer.with { server in
            Self.record(server, "play.label")
            Self.record(server, "pause.label")
            #expect(Self.keys(try Self.json(try server.get("/missing?lang=ru"))).sorted() == ["pause.label", "play.label"])
            try Self.reloadWithPlayTranslated(server)
            #expect(Self.keys(try Self.json(try server.get("/missing?lang=ru"))) == ["pause.label"])
            for format in ["csv", "xliff", "strings"] {
                #expect(!(try server.get("/missing?lang=ru&format=\(format)")).text.contains("play.label"), "\(format)")
            }
            let resolved = try Self.json(try server.get("/missing?state=resolved"))
            let entries = try #require(resolved["entries"] as? [[String: Any]])
            #expect(entries.map { $0["key"] as? String } == ["play.label"])
            #expect(entries.first?["resolvedAt"] as? String == "2030-03-17T17:46:40.000Z")
            #expect(Self.keys(try Self.json(try server.get("/missing?state=all"))).count == 2)
            // The resolved page's downloads hold what translators owe, never the fixed strings.
            let page = try server.get("/missing?lang=ru&state=resolved&format=html").text
            #expect(page.contains(#"href="/missing?lang=ru&amp;format=xliff""#))
            #expect(!page.contains("state=resolved&amp;format="))
            // The untranslated backlog no longer lists it either.
            let backlog = try Self.json(try server.get("/missing?lang=ru&include=untranslated"))
            #expect(Self.keys(backlog) == ["pause.label"])
        }
    }

    @Test func aServerMissAfterResolutionReopensTheEntryAClientReportDoesNot() throws {
        try TranslatorServer.with { server in
            Self.record(server, "play.label")
            try Self.reloadWithPlayTranslated(server)
            _ = try server.get("/missing")
            #expect(server.missing.recorder.snapshot().entries.first?.resolvedAt != nil)
            _ = try server.missing.recorder.recordReported(Array(#"[{"key":"play.label","lang":"ru"}]"#.utf8))
            #expect(server.missing.recorder.snapshot().entries.first?.resolvedAt != nil)
            Self.record(server, "play.label")
            #expect(server.missing.recorder.snapshot().entries.first?.resolvedAt == nil)
        }
    }

    @Test func resolvedStateSurvivesARestartAndOlderStateFilesStillLoad() throws {
        let directory = TemporaryFolder.make("backlog-state")
        defer { try? FileManager.default.removeItem(at: directory) }
        let resolvedAt = Date(timeIntervalSince1970: 1_900_000_000)
        let first = MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder())
        first.recorder.record(table: "Localizable", key: "play.label", requested: "ru", servedFrom: "app/en", at: Date())
        first.recorder.record(table: "Localizable", key: "pause.label", requested: "ru", servedFrom: "app/en", at: Date())
        let id = MissingKeyRecorder.EntryID(table: "Localizable", key: "play.label", requested: "ru")
        #expect(first.recorder.markResolved([id], at: resolvedAt) == 1)
        #expect(first.stop())
        let second = MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder())
        let entries = second.recorder.snapshot().entries
        #expect(entries.first { $0.key == "play.label" }?.resolvedAt == resolvedAt)
        #expect(entries.first { $0.key == "pause.label" }?.resolvedAt == nil)
        // A file written before resolved entries existed: every entry open.
        let old = #"{"entries":[{"key":"k","table":"Localizable","requested":"de","servedFrom":"key","hits":2,"#
            + #""firstSeen":"2025-01-02T03:04:05.678Z","lastSeen":"2025-01-02T03:04:05.678Z"}],"since":"2025-01-01T00:00:00Z"}"#
        let decoded = try MissingReportStore.decode(Array(old.utf8))
        #expect(decoded.problems.isEmpty)
        #expect(decoded.report.entries.map(\.resolvedAt) == [nil])
    }

    @Test func deleteWithAKeyRemovesThatEntryOnlyAndNeedsAdmin() throws {
        let directory = TemporaryFolder.make("backlog-delete")
        defer { try? FileManager.default.removeItem(at: directory) }
        let holder = try LabelTestServer.catalog.get()
        let missing = MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder())
        let service = LabelService(catalog: holder, admin: AdminAuthorization(token: "t"), missing: missing)
        let client = InProcessClient(service)
        let weird = "line\r\nbreak"
        for key in ["keep", "gone", weird] {
            missing.recorder.record(table: "Localizable", key: key, requested: "de", servedFrom: "key", at: Date())
        }
        missing.recorder.record(table: "Other", key: "gone", requested: "de", servedFrom: "key", at: Date())
        missing.recorder.record(table: "Localizable", key: "gone", requested: "fr", servedFrom: "key", at: Date())
        func delete(_ query: String, token: String? = "t") throws -> RawResponse {
            let auth = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
            return try client.exchange("DELETE /missing?\(query) HTTP/1.1\r\nHost: t\r\n\(auth)Content-Length: 0\r\n\r\n")
        }
        #expect(try delete("key=gone&lang=de", token: nil).status == 401)
        let one = try delete("key=gone&lang=de&table=Localizable")
        #expect(one.status == 200)
        #expect(try Self.json(one)["removed"] as? Int == 1)
        #expect(try Self.json(try delete("key=gone&lang=de"))["removed"] as? Int == 1, "the other table's")
        #expect(try Self.json(try delete("key=gone&lang=de"))["removed"] as? Int == 0, "idempotent")
        #expect(try Self.json(try delete("key=line%0D%0Abreak&lang=de"))["removed"] as? Int == 1)
        for (query, code) in [("key=gone&lang=%22x", "invalid_language"), ("table=", "invalid_table"),
                              ("key=a%00b&lang=de", "invalid_key"),
                              ("key=\(String(repeating: "k", count: 300))&lang=de", "key_too_long"),
                              ("key=gone&lang=de&table=..%2Fx", "invalid_table")] {
            let refused = try delete(query)
            #expect(refused.status == 400, "\(query)")
            #expect(try Self.json(refused)["error"] as? String == code, "\(query)")
        }
        var left = missing.recorder.snapshot().entries.map { "\($0.key)/\($0.requested)" }.sorted()
        #expect(left == ["gone/fr", "keep/de"])
        // A language alone: that language's entries; nothing at all: the whole report.
        #expect(try Self.json(try delete("lang=fr"))["removed"] as? Int == 1)
        left = missing.recorder.snapshot().entries.map { "\($0.key)/\($0.requested)" }
        #expect(left == ["keep/de"])
        #expect(try Self.json(try delete(""))["status"] as? String == "reset")
        #expect(missing.recorder.snapshot().entries.isEmpty)
    }
}
