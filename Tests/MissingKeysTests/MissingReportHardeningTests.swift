import Foundation
import Testing
import LabelCore
@testable import MissingKeys

private let t0 = Date(timeIntervalSince1970: 1_735_787_045)

private func entry(_ key: String, hits: Int = 1, lang: String = "de", table: String = "Localizable") -> MissingReport.Entry {
    .init(key: key, table: table, requested: lang, servedFrom: "key", hits: hits, firstSeen: t0, lastSeen: t0)
}

/// The CSV export is opened in spreadsheets; keys are attacker-chosen.
@Suite struct MissingReportCSVInjectionTests {
    private func csvRow(_ key: String) -> String {
        let csv = String(decoding: MissingReport(entries: [entry(key)], since: t0).csvBytes(), as: UTF8.self)
        return String(csv.split(separator: "\r\n", omittingEmptySubsequences: false)[1])
    }

    @Test func aHyperlinkFormulaIsExportedAsTextWithALeadingQuote() {
        #expect(csvRow(#"=HYPERLINK("http://evil.example","x")"#)
                == #""'=HYPERLINK(""http://evil.example"",""x"")",Localizable,de,key,1,2025-01-02T03:04:05.000Z,2025-01-02T03:04:05.000Z,,"#)
    }

    @Test(arguments: ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
    func everyFormulaTriggerIsNeutralizedAndQuoted(key: String) {
        #expect(csvRow(key).hasPrefix("\"'\(key)\","))
    }

    @Test func aSemicolonIsQuotedForLocalesThatSplitOnIt() {
        #expect(csvRow("a;b").hasPrefix(#""a;b","#))
    }

    @Test func ordinaryKeysAndFormulaCharactersInsideAKeyAreLeftAlone() {
        #expect(csvRow("control.back.label").hasPrefix("control.back.label,"))
        #expect(csvRow("a=b+c-d@e").hasPrefix("a=b+c-d@e,"))
    }
}

/// `GET /missing` is paginated; every format pages through one function.
@Suite struct MissingReportPaginationTests {
    private let report = MissingReport(entries: (0..<2_500).map { entry(String(format: "k%04d", $0), hits: 3_000 - $0) }
                                       + [entry("fr.only", hits: 1, lang: "fr")], since: t0)

    @Test func theDefaultPageIsTheFirstThousandWithTotalsOfAllMatchingEntries() {
        let page = report.page(MissingReportQuery())
        #expect(page.entries.count == 1_000)
        #expect(page.entries.first?.key == "k0000")
        #expect(page.total == 2_501)
        #expect(page.nextOffset == 1_000)
        #expect(page.totalHits == report.totalHits)
    }

    @Test func pagesFollowEachOtherWithoutGapsOrOverlapAndTheLastHasNoNext() {
        var keys: [String] = []
        var query = MissingReportQuery(lang: "de", limit: 700)
        while true {
            let page = report.page(query)
            keys += page.entries.map(\.key)
            #expect(page.total == 2_500)
            guard let next = page.nextOffset else { break }
            query.offset = next
        }
        #expect(keys == report.filtered(lang: "de").entries.map(\.key))
    }

    @Test func anOffsetPastTheEndIsAnEmptyLastPage() {
        let page = report.page(MissingReportQuery(offset: 5_000))
        #expect(page.entries.isEmpty)
        #expect(page.total == 2_501)
        #expect(page.nextOffset == nil)
    }

    @Test func thePageJSONCarriesTotalOffsetLimitAndTheNextLink() throws {
        let page = report.page(MissingReportQuery(table: "Localizable", limit: 10, offset: 20))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(page.jsonBytes(next: "/missing?x"))) as? [String: Any])
        #expect((json["entries"] as? [Any])?.count == 10)
        #expect(json["total"] as? Int == 2_501)
        #expect(json["offset"] as? Int == 20)
        #expect(json["limit"] as? Int == 10)
        #expect(json["next"] as? String == "/missing?x")
        let last = try #require(try JSONSerialization.jsonObject(with: Data(report.page(MissingReportQuery(offset: 2_600)).jsonBytes(next: nil))) as? [String: Any])
        #expect(last["next"] is NSNull)
    }

    @Test func theNextQueryKeepsFiltersAndPageSize() {
        let query = MissingReportQuery(lang: "de-AT", table: "Accessibility", limit: 50, offset: 0)
        #expect(query.queryString(offset: 50, extra: [("format", "csv")]) == "format=csv&lang=de-AT&table=Accessibility&limit=50&offset=50")
    }
}

/// Client reports have their own quota and the same key rules as GET.
@Suite struct MissingReportClientQuotaTests {
    private func body(_ keys: [String], lang: String = "de") -> [UInt8] {
        let items = keys.map { key -> [String: String] in ["key": key, "lang": lang] }
        return Array(try! JSONSerialization.data(withJSONObject: items))
    }

    @Test func clientReportsCannotTakeMoreThanTheirQuotaAndTheRefusedAreCounted() throws {
        let recorder = MissingKeyRecorder(maxEntries: 100, maxReportedEntries: 10)
        let summary = try recorder.recordReported(body((0..<50).map { "posted.\($0)" }))
        #expect(summary.added == 10)
        #expect(summary.refusedByQuota == 40)
        #expect(summary.dropped == 40)
        #expect(recorder.snapshot().dropped.reported == 40)
        #expect(recorder.statistics().dropped.reported == 40)
        // The misses the server observes still have their 90 slots.
        for index in 0..<90 {
            #expect(recorder.record(table: "Localizable", key: "seen.\(index)", requested: "de", servedFrom: "key", at: t0) == .added)
        }
        #expect(recorder.snapshot().entries.count == 100)
    }

    @Test func theDefaultQuotaIsATenthOfTheReport() {
        #expect(MissingKeyRecorder().maxReportedEntries == 1_000)
        #expect(MissingKeyRecorder(maxEntries: 5).maxReportedEntries == 1)
    }

    @Test func anEntryTheServerThenObservesFreesItsQuotaSlotAndKeepsTheObservedSource() throws {
        let recorder = MissingKeyRecorder(maxEntries: 100, maxReportedEntries: 1)
        try recorder.recordReported(body(["a"]))
        #expect(try recorder.recordReported(body(["b"])).refusedByQuota == 1)
        recorder.record(table: "Localizable", key: "a", requested: "de", servedFrom: "framework/en", at: t0.addingTimeInterval(1))
        #expect(try recorder.recordReported(body(["b"])).added == 1)
        // A later client report of "a" counts but does not hide what the server saw.
        try recorder.recordReported(body(["a"]), at: t0.addingTimeInterval(5))
        let a = try #require(recorder.snapshot().entries.first { $0.key == "a" })
        #expect(a.hits == 3)
        #expect(a.servedFrom == "framework/en")
    }

    @Test(arguments: ["a\u{0}b", "\u{1}", "a\u{1B}[31mred", "del\u{7F}"])
    func controlCharactersInAReportedKeyAreRefusedLikeGET(key: String) {
        #expect(LabelKeyValidation.problem(key, maximumBytes: 1024) != nil)
        #expect {
            try MissingKeyRecorder().recordReported(body(["ok", key]))
        } throws: { error in
            if case .invalidField(1, "key", _) = error as? MissingReportError { true } else { false }
        }
    }

    @Test func tabAndNewlinesThatRealStringsKeysContainAreAccepted() throws {
        #expect(try MissingKeyRecorder().recordReported(body(["a\tb", "line\nbreak", "cr\r"])).added == 3)
    }
}

/// One bad entry in `missing.json` must not cost the others.
@Suite struct MissingReportStatePartialRecoveryTests {
    private static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("missing-partial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let good = #"{"key":"good","table":"Localizable","requested":"de","servedFrom":"key","hits":3,"firstSeen":"2025-01-02T03:04:05.000Z","lastSeen":"2025-01-02T03:04:06.000Z"}"#

    /// `good` with one field replaced (or removed, for nil).
    private static func variant(_ field: String, _ value: String?) -> String {
        var object = try! JSONSerialization.jsonObject(with: Data(good.utf8)) as! [String: Any]
        object[field] = nil
        var text = String(decoding: try! JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
        if let value { text.removeLast(); text += #","\#(field)":\#(value)}"# }
        return text
    }

    @Test(arguments: [("hits", "-5"), ("hits", "1.5"), ("hits", "1180591620717411303424"), ("hits", "0"),
                      ("hits", #""3""#), ("firstSeen", #""2025-13-45T00:00:00Z""#), ("lastSeen", #""yesterday""#),
                      ("firstSeen", #""2026-01-01T00:00:00.000Z""#), ("servedFrom", nil), ("servedFrom", #""""#),
                      ("key", #""a\u0000b""#), ("key", #""\u001b[2J""#), ("key", #""""#), ("table", #""../etc""#),
                      ("requested", #""../../x""#), ("requested", "7"), ("key", nil)])
    func aBadEntryIsDroppedCountedAndLoggedWhileTheValidOnesAreKept(field: String, value: String?) throws {
        let url = try Self.directory()
        defer { try? FileManager.default.removeItem(at: url) }
        let other = Self.good.replacingOccurrences(of: #""good""#, with: #""also.good""#)
        let file = #"{"entries":[\#(Self.good),\#(Self.variant(field, value)),\#(other)],"since":"2025-01-01T00:00:00Z"}"#
        let path = url.appendingPathComponent(MissingReportStore.fileName)
        try Data(file.utf8).write(to: path)
        let lines = MissingReportLogLines()
        let store = MissingReportStore(stateDirectory: url, recorder: MissingKeyRecorder(), log: lines.sink, now: t0)
        #expect(store.recorder.snapshot().entries.map(\.key).sorted() == ["also.good", "good"])
        let objects = try lines.objects()
        let invalid = objects.filter { $0["event"] as? String == "missing_report_invalid_entry" }
        #expect(invalid.count == 1)
        #expect((invalid.first?["reason"] as? String)?.hasPrefix("entry 1: ") == true)
        let loaded = try #require(objects.first { $0["event"] as? String == "missing_report_loaded" })
        #expect(loaded["entries"] as? Int == 2)
        #expect(loaded["invalid"] as? Int == 1)
        // The original is kept for inspection; the next flush writes the valid entries.
        let aside = url.appendingPathComponent("missing.json.invalid-20250102T030405Z")
        #expect(try Data(contentsOf: aside) == Data(file.utf8))
        #expect(try store.flushIfDirty())
        let reloaded = MissingKeyRecorder()
        _ = MissingReportStore(stateDirectory: url, recorder: reloaded)
        #expect(reloaded.snapshot().entries.count == 2)
    }

    @Test func aRequestedTagIsCanonicalizedLikeARequest() throws {
        let url = try Self.directory()
        defer { try? FileManager.default.removeItem(at: url) }
        let file = #"{"entries":[\#(Self.variant("requested", #""de_at""#))],"since":"2025-01-01T00:00:00Z"}"#
        try Data(file.utf8).write(to: url.appendingPathComponent(MissingReportStore.fileName))
        let store = MissingReportStore(stateDirectory: url, recorder: MissingKeyRecorder())
        #expect(store.recorder.snapshot().entries.first?.requested == "de-AT")
    }

    @Test func aBadSinceKeepsTheEntriesAndStartsThePeriodAtTheEarliestFirstSeen() throws {
        let url = try Self.directory()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"entries":[\#(Self.good)],"since":"yesterday"}"#.utf8).write(to: url.appendingPathComponent(MissingReportStore.fileName))
        let store = MissingReportStore(stateDirectory: url, recorder: MissingKeyRecorder(), now: t0)
        #expect(store.recorder.snapshot().entries.map(\.key) == ["good"])
        #expect(store.recorder.snapshot().since == MissingReport.parseTimestamp("2025-01-02T03:04:05.000Z"))
    }

    @Test func aFailedFinalFlushIsReportedToTheCaller() throws {
        let url = try Self.directory()
        let lines = MissingReportLogLines()
        let store = MissingReportStore(stateDirectory: url, recorder: MissingKeyRecorder(), log: lines.sink)
        store.recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        // The state directory vanishes (an unmounted volume): the write cannot happen.
        try FileManager.default.removeItem(at: url)
        try Data("not a directory".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(store.stop() == false)
        #expect(try lines.objects().contains { $0["event"] as? String == "missing_report_final_flush_failed" })
    }

    @Test func aSuccessfulFinalFlushSaysSo() throws {
        let url = try Self.directory()
        defer { try? FileManager.default.removeItem(at: url) }
        let store = MissingReportStore(stateDirectory: url, recorder: MissingKeyRecorder())
        store.recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        #expect(store.stop())
    }
}
