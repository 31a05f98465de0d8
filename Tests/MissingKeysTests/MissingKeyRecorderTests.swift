import Foundation
import Synchronization
import Testing
import TestSupport
import LabelCore
@testable import MissingKeys

/// A log sink the tests can read back.
final class MissingReportLogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }

    /// The lines decoded as JSON objects.
    func objects() throws -> [[String: Any]] {
        try all.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }
}

private let t0 = Date(timeIntervalSince1970: 1_735_787_045) // 2025-01-02T03:04:05Z

@Suite struct MissingKeyRecorderCountingTests {
    @Test func eachRecordingOfTheSameTableKeyAndLanguageCountsOneHit() {
        let recorder = MissingKeyRecorder()
        #expect(recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "framework/en", at: t0) == .added)
        #expect(recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "framework/en", at: t0) == .counted)
        recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "framework/en", at: t0)
        let report = recorder.snapshot()
        #expect(report.entries.count == 1)
        #expect(report.entries.first?.hits == 3)
        #expect(report.totalHits == 3)
    }

    @Test func tableKeyAndRequestedLanguageEachMakeADistinctEntry() {
        let recorder = MissingKeyRecorder()
        recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "Accessibility", key: "Play", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "Localizable", key: "Pause", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "Localizable", key: "Play", requested: "de-AT", servedFrom: "key", at: t0)
        #expect(recorder.snapshot().entries.count == 4)
        #expect(recorder.statistics() == .init(entries: 4, hits: 4, dropped: .init()))
    }

    @Test func firstSeenStaysAndLastSeenFollowsTheLatestRecording() {
        let recorder = MissingKeyRecorder()
        recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0 + 60)
        // A recording from another loop may land slightly late; it must not move last seen back.
        recorder.record(table: "T", key: "k", requested: "de", servedFrom: "app/en", at: t0 + 30)
        let entry = try! #require(recorder.snapshot().entries.first)
        #expect(entry.firstSeen == t0)
        #expect(entry.lastSeen == t0 + 60)
        #expect(entry.servedFrom == "key")
    }

    @Test func servedFromIsTheLatestSource() {
        let recorder = MissingKeyRecorder()
        recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "T", key: "k", requested: "de", servedFrom: "framework/en", at: t0 + 1)
        #expect(recorder.snapshot().entries.first?.servedFrom == "framework/en")
    }

    @Test func aRestoredDuplicateKeepsTheLatestServedFrom() {
        // Report order is most hits first, so the older sighting can come first.
        let older = MissingReport.Entry(key: "k", table: "T", requested: "de", servedFrom: "key", hits: 5,
                                        firstSeen: t0, lastSeen: t0 + 10)
        let newer = MissingReport.Entry(key: "k", table: "T", requested: "de", servedFrom: "framework/en", hits: 2,
                                        firstSeen: t0 + 20, lastSeen: t0 + 30)
        let recorder = MissingKeyRecorder()
        recorder.restore(MissingReport(entries: [older, newer], dropped: .init(), since: t0, limits: recorder.snapshot().limits))
        let entry = recorder.snapshot().entries.first
        #expect(entry?.servedFrom == "framework/en")
        #expect(entry?.hits == 7)
        #expect(entry?.firstSeen == t0)
        #expect(entry?.lastSeen == t0 + 30)
    }

    @Test func resetClearsEntriesAndCountersAndRestartsThePeriod() {
        let recorder = MissingKeyRecorder(maxEntries: 1, since: t0)
        recorder.record(table: "T", key: "a", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "T", key: "b", requested: "de", servedFrom: "key", at: t0)
        recorder.reset(since: t0 + 10)
        let report = recorder.snapshot()
        #expect(report.entries.isEmpty)
        #expect(report.dropped == .init())
        #expect(report.since == t0 + 10)
    }

    @Test func concurrentRecordingFromSeveralThreadsKeepsExactCounts() {
        let recorder = MissingKeyRecorder()
        let threads = 8, perThread = 5_000, keys = 50
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                recorder.record(table: "T", key: "key\(index % keys)", requested: thread % 2 == 0 ? "de" : "fr",
                                servedFrom: "key", at: t0 + Double(index))
            }
        }
        let report = recorder.snapshot()
        #expect(report.entries.count == keys * 2)
        #expect(report.totalHits == threads * perThread)
        #expect(report.entries.allSatisfy { $0.hits == threads / 2 * perThread / keys })
        #expect(recorder.statistics().hits == threads * perThread)
    }
}

@Suite struct MissingKeyRecorderBoundsTests {
    @Test func theEntryAtTheCapIsStoredAndTheOneAfterIsDroppedAndCounted() {
        let recorder = MissingKeyRecorder(maxEntries: 3)
        for index in 0..<3 {
            #expect(recorder.record(table: "T", key: "k\(index)", requested: "de", servedFrom: "key", at: t0) == .added)
        }
        #expect(recorder.record(table: "T", key: "k3", requested: "de", servedFrom: "key", at: t0) == .droppedFull)
        #expect(recorder.record(table: "T", key: "k3", requested: "de", servedFrom: "key", at: t0) == .droppedFull)
        let report = recorder.snapshot()
        #expect(report.entries.count == 3)
        #expect(report.dropped == .init(newEntries: 2, longKeys: 0))
        #expect(report.dropped.hits == 2)
    }

    @Test func atTheCapANewMissTakesTheSlotOfTheOldestResolvedEntry() {
        let recorder = MissingKeyRecorder(maxEntries: 3)
        for index in 0..<3 {
            recorder.record(table: "T", key: "k\(index)", requested: "de", servedFrom: "key", at: t0)
        }
        let id = { (key: String) in MissingKeyRecorder.EntryID(table: "T", key: key, requested: "de") }
        recorder.markResolved([id("k2")], at: t0.addingTimeInterval(20))
        recorder.markResolved([id("k1")], at: t0.addingTimeInterval(10))
        #expect(recorder.record(table: "T", key: "new", requested: "de", servedFrom: "key", at: t0) == .added)
        let keys = Set(recorder.snapshot().entries.map(\.key))
        #expect(keys == ["k0", "k2", "new"], "k1 was resolved first")
        #expect(recorder.statistics().hits == 3)
        #expect(recorder.snapshot().dropped == .init(newEntries: 0, longKeys: 0))
    }

    @Test func atTheCapWithNoEntryResolvedANewMissIsStillDroppedAndCounted() {
        let recorder = MissingKeyRecorder(maxEntries: 2)
        recorder.record(table: "T", key: "k0", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "T", key: "k1", requested: "de", servedFrom: "key", at: t0)
        // Resolved, then missed again: open, so it keeps its slot.
        recorder.markResolved([MissingKeyRecorder.EntryID(table: "T", key: "k1", requested: "de")], at: t0)
        recorder.record(table: "T", key: "k1", requested: "de", servedFrom: "key", at: t0)
        #expect(recorder.record(table: "T", key: "new", requested: "de", servedFrom: "key", at: t0) == .droppedFull)
        #expect(Set(recorder.snapshot().entries.map(\.key)) == ["k0", "k1"])
        #expect(recorder.snapshot().dropped == .init(newEntries: 1, longKeys: 0))
    }

    @Test func existingEntriesKeepCountingWhenFull() {
        let recorder = MissingKeyRecorder(maxEntries: 1)
        recorder.record(table: "T", key: "real", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "T", key: "flood", requested: "de", servedFrom: "key", at: t0)
        #expect(recorder.record(table: "T", key: "real", requested: "de", servedFrom: "key", at: t0) == .counted)
        #expect(recorder.snapshot().entries.map(\.hits) == [2])
    }

    @Test func aKeyOfExactlyMaxKeyBytesIsStoredAndOneByteMoreIsDropped() {
        let recorder = MissingKeyRecorder(maxKeyBytes: 8)
        #expect(recorder.record(table: "T", key: "12345678", requested: "de", servedFrom: "key", at: t0) == .added)
        #expect(recorder.record(table: "T", key: "123456789", requested: "de", servedFrom: "key", at: t0) == .droppedLongKey)
        // Bytes, not characters: 4 × "ä" is 8 bytes, 5 × is 10.
        #expect(recorder.record(table: "T", key: "ääää", requested: "de", servedFrom: "key", at: t0) == .added)
        #expect(recorder.record(table: "T", key: "äääää", requested: "de", servedFrom: "key", at: t0) == .droppedLongKey)
        let report = recorder.snapshot()
        #expect(report.entries.count == 2)
        #expect(report.dropped == .init(newEntries: 0, longKeys: 2))
    }

    @Test func overlongTablesAndTagsAreRefusedLikeLongKeys() {
        let recorder = MissingKeyRecorder()
        let longTable = String(repeating: "t", count: TableName.maximumLength + 1)
        let longTag = String(repeating: "x", count: LanguageTag.maximumLength + 1)
        #expect(recorder.record(table: longTable, key: "k", requested: "de", servedFrom: "key", at: t0) == .droppedLongKey)
        #expect(recorder.record(table: "T", key: "k", requested: longTag, servedFrom: "key", at: t0) == .droppedLongKey)
        #expect(recorder.snapshot().dropped.longKeys == 2)
    }

    @Test func twoHundredThousandRandomKeysKeepTheEntryCountAtTheCap() {
        let recorder = MissingKeyRecorder()
        // Distinct keys: SplitMix64 never repeats a value within its period.
        var generator = SeededGenerator(seed: 0xF100D)
        for _ in 0..<200_000 {
            let key = "flood-\(generator.next() as UInt64)"
            recorder.record(table: "Localizable", key: key, requested: "de", servedFrom: "key", at: t0)
        }
        let statistics = recorder.statistics()
        #expect(statistics.entries == MissingKeyRecorder.defaultMaxEntries)
        #expect(statistics.hits == MissingKeyRecorder.defaultMaxEntries)
        #expect(statistics.dropped.newEntries == 200_000 - MissingKeyRecorder.defaultMaxEntries)
    }

    @Test func newEntriesAreLoggedOnceEachAsJSONAndTheFirstDropOnce() throws {
        let lines = MissingReportLogLines()
        let recorder = MissingKeyRecorder(maxEntries: 1, log: lines.sink)
        recorder.record(table: "Localizable", key: "Say \"hi\"", requested: "de", servedFrom: "framework/en", at: t0)
        recorder.record(table: "Localizable", key: "Say \"hi\"", requested: "de", servedFrom: "framework/en", at: t0)
        recorder.record(table: "Localizable", key: "other", requested: "de", servedFrom: "key", at: t0)
        recorder.record(table: "Localizable", key: "another", requested: "de", servedFrom: "key", at: t0)
        let objects = try lines.objects()
        #expect(objects.count == 2)
        #expect(objects[0]["event"] as? String == "missing_key")
        #expect(objects[0]["table"] as? String == "Localizable")
        #expect(objects[0]["key"] as? String == "Say \"hi\"")
        #expect(objects[0]["requested"] as? String == "de")
        #expect(objects[0]["servedFrom"] as? String == "framework/en")
        #expect(objects[0]["at"] as? String == "2025-01-02T03:04:05.000Z")
        #expect(objects[1]["event"] as? String == "missing_report_full")
        #expect(lines.all.allSatisfy { !$0.contains("\n") })
    }
}

@Suite struct MissingReportOrderAndFilterTests {
    private func sample() -> MissingReport {
        MissingReport(entries: [
            .init(key: "a", table: "Localizable", requested: "de", servedFrom: "key", hits: 1, firstSeen: t0, lastSeen: t0),
            .init(key: "b", table: "Localizable", requested: "de-AT", servedFrom: "key", hits: 5, firstSeen: t0, lastSeen: t0),
            .init(key: "c", table: "Accessibility", requested: "de", servedFrom: "key", hits: 5, firstSeen: t0, lastSeen: t0 + 9),
            .init(key: "d", table: "Accessibility", requested: "fr", servedFrom: "key", hits: 2, firstSeen: t0, lastSeen: t0),
        ], since: t0)
    }

    @Test func entriesAreSortedByHitsThenMostRecentlySeen() {
        #expect(sample().entries.map(\.key) == ["c", "b", "d", "a"])
    }

    @Test func theLanguageFilterMatchesTheCanonicalTagExactly() {
        #expect(sample().filtered(lang: "de").entries.map(\.key) == ["c", "a"])
        #expect(sample().filtered(lang: "DE_at").entries.map(\.key) == ["b"])
        #expect(sample().filtered(lang: "xx").entries.isEmpty)
    }

    @Test func theTableFilterCombinesWithTheLanguageFilter() {
        #expect(sample().filtered(table: "Accessibility").entries.map(\.key) == ["c", "d"])
        #expect(sample().filtered(lang: "de", table: "Accessibility").entries.map(\.key) == ["c"])
    }

    @Test func filteringKeepsTheGlobalDropCounters() {
        var report = sample()
        report.dropped = .init(newEntries: 4, longKeys: 1)
        #expect(report.filtered(lang: "fr").dropped == .init(newEntries: 4, longKeys: 1))
    }
}

@Suite struct MissingReportRenderingTests {
    private let tricky = MissingReport(entries: [
        .init(key: "Hello, \"world\"\nline 2", table: "Localizable", requested: "de", servedFrom: "framework/en",
              hits: 3, firstSeen: t0, lastSeen: t0 + 0.25),
        .init(key: "plain", table: "Localizable", requested: "de", servedFrom: "key", hits: 1, firstSeen: t0, lastSeen: t0),
    ], dropped: .init(newEntries: 2, longKeys: 1), since: t0 - 86_400,
       limits: .init(maxEntries: 10, maxKeyBytes: 64))

    @Test func jsonHasEntriesDropCountersTotalsAndUTCTimestamps() throws {
        let bytes = tricky.jsonBytes()
        let root = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let entries = try #require(root["entries"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[0]["key"] as? String == "Hello, \"world\"\nline 2")
        #expect(entries[0]["table"] as? String == "Localizable")
        #expect(entries[0]["requested"] as? String == "de")
        #expect(entries[0]["servedFrom"] as? String == "framework/en")
        #expect(entries[0]["hits"] as? Int == 3)
        #expect(entries[0]["firstSeen"] as? String == "2025-01-02T03:04:05.000Z")
        #expect(entries[0]["lastSeen"] as? String == "2025-01-02T03:04:05.250Z")
        let dropped = try #require(root["dropped"] as? [String: Any])
        #expect(dropped["newEntries"] as? Int == 2)
        #expect(dropped["longKeys"] as? Int == 1)
        #expect(dropped["hits"] as? Int == 3)
        #expect(root["total"] as? Int == 2)
        #expect(root["hits"] as? Int == 4)
        #expect(root["since"] as? String == "2025-01-01T03:04:05.000Z")
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"entries":[{"key":"#))
    }

    @Test func anEmptyReportIsValidJSON() throws {
        let text = String(decoding: MissingReport(entries: [], since: t0).jsonBytes(), as: UTF8.self)
        #expect(text.hasPrefix(#"{"entries":[],"dropped":{"newEntries":0,"longKeys":0,"reported":0,"hits":0},"total":0,"hits":0,"#))
        _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func csvHasAHeaderRowAndQuotesCommasQuotesAndNewlinesAsRFC4180Says() {
        let csv = String(decoding: tricky.csvBytes(), as: UTF8.self)
        #expect(csv == "key,table,requested,servedFrom,hits,firstSeen,lastSeen,variable,category\r\n"
            + "\"Hello, \"\"world\"\"\nline 2\",Localizable,de,framework/en,3,2025-01-02T03:04:05.000Z,2025-01-02T03:04:05.250Z,,\r\n"
            + "plain,Localizable,de,key,1,2025-01-02T03:04:05.000Z,2025-01-02T03:04:05.000Z,,\r\n")
    }

    @Test func csvQuotesALoneCarriageReturn() {
        var out: [UInt8] = []
        MissingReport.appendCSVRow(["a\rb", "c"], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\"a\rb\",c\r\n")
    }

    @Test func theStringsStubCommentsEachKeyAndUsesTheDevelopmentValueOrTheKey() throws {
        let stub = String(decoding: tricky.stringsStub(generatedAt: t0) { table, key in
            key == "plain" && table == "Localizable" ? "Plain \\ text" : nil
        }, as: UTF8.self)
        #expect(stub.contains("/* 3 hits; first seen 2025-01-02T03:04:05Z; last seen 2025-01-02T03:04:05Z; served from framework/en */\n"
            + #""Hello, \"world\"\nline 2" = "Hello, \"world\"\nline 2";"#))
        #expect(stub.contains("/* 1 hit; first seen 2025-01-02T03:04:05Z; last seen 2025-01-02T03:04:05Z; served from key */\n"
            + #""plain" = "Plain \\ text";"#))
        #expect(stub.hasPrefix("/* Missing strings for de in table Localizable: 2 keys, generated 2025-01-02T03:04:05Z"))
    }

    @Test func theStringsStubParsesBackToExactlyTheKeysAndValues() throws {
        let odd = "tab\tcr\rnul\u{0}bell\u{7}del\u{7F} */ \"q\" \\ ü 🐞"
        let report = MissingReport(entries: [
            .init(key: odd, table: "Localizable", requested: "de", servedFrom: "a*/b", hits: 2, firstSeen: t0, lastSeen: t0),
            .init(key: "x", table: "Localizable", requested: "de", servedFrom: "key", hits: 1, firstSeen: t0, lastSeen: t0),
        ], since: t0)
        let stub = report.stringsStub(generatedAt: t0) { _, key in key == "x" ? odd : nil }
        let file = try StringsFileParser.parse(stub, file: "stub.strings")
        #expect(file.entries.map(\.key) == [odd, "x"])
        #expect(file.entries.map(\.value) == [odd, odd])
    }

    @Test func theStringsStubMergesLanguagesIntoOneEntryPerTableAndKey() {
        let report = MissingReport(entries: [
            .init(key: "k", table: "T", requested: "de", servedFrom: "app/en", hits: 2, firstSeen: t0 + 5, lastSeen: t0 + 5),
            .init(key: "k", table: "T", requested: "de-AT", servedFrom: "framework/en", hits: 1, firstSeen: t0, lastSeen: t0 + 9),
            .init(key: "j", table: "T", requested: "de", servedFrom: "key", hits: 2, firstSeen: t0, lastSeen: t0),
        ], since: t0)
        let stub = String(decoding: report.stringsStub(generatedAt: t0), as: UTF8.self)
        #expect(stub.components(separatedBy: "\"k\" = ").count == 2)
        #expect(stub.contains("/* 3 hits; first seen 2025-01-02T03:04:05Z; last seen 2025-01-02T03:04:14Z; "
            + "served from framework/en; requested de, de-AT */\n\"k\" = \"k\";"))
        #expect(stub.range(of: "\"k\" = ")!.lowerBound < stub.range(of: "\"j\" = ")!.lowerBound)
    }

    @Test func timestampsMatchFoundationsISO8601AcrossEras() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        for seconds in [0.0, 951_782_400.5, 1_709_164_800.999, 4_107_542_400, -86_400.25, 253_402_300_799] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(MissingReport.timestamp(date) == formatter.string(from: date))
            #expect(MissingReport.parseTimestamp(MissingReport.timestamp(date))?.timeIntervalSince1970
                    == (seconds * 1000).rounded(.down) / 1000)
        }
        #expect(MissingReport.timestamp(t0, fractional: false) == "2025-01-02T03:04:05Z")
        #expect(MissingReport.parseTimestamp("2025-01-02T03:04:05Z") == t0)
        #expect(MissingReport.parseTimestamp("2025-01-02 03:04:05Z") == nil)
        #expect(MissingReport.parseTimestamp("2025-13-02T03:04:05Z") == nil)
    }
}

@Suite struct MissingReportedBodyTests {
    private func record(_ json: String, recorder: MissingKeyRecorder = MissingKeyRecorder()) throws(MissingReportError) -> MissingKeyRecorder.ReportSummary {
        try recorder.recordReported(Array(json.utf8), at: t0)
    }

    @Test func anArrayOfKeyLangAndTableIsRecordedAsServedFromClient() throws {
        let recorder = MissingKeyRecorder()
        let summary = try record(#"[{"key":"Play","lang":"de_at","table":"Accessibility"},{"key":"Pause","lang":"fr"},{"key":"Play","lang":"de-AT","table":"Accessibility","extra":1}]"#,
                                 recorder: recorder)
        #expect(summary == .init(recorded: 3, added: 2, dropped: 0))
        let entries = recorder.snapshot().entries
        #expect(entries.map(\.key) == ["Play", "Pause"])
        #expect(entries[0].requested == "de-AT")
        #expect(entries[0].table == "Accessibility")
        #expect(entries[0].hits == 2)
        #expect(entries[1].table == "Localizable")
        #expect(entries.allSatisfy { $0.servedFrom == "client" })
    }

    @Test func itemsBeyondTheCapAreDroppedAndCountedNotRefused() throws {
        let recorder = MissingKeyRecorder(maxEntries: 1)
        let summary = try record(#"[{"key":"a","lang":"de"},{"key":"b","lang":"de"}]"#, recorder: recorder)
        #expect(summary == .init(recorded: 1, added: 1, dropped: 1))
        #expect(recorder.snapshot().dropped.newEntries == 1)
    }

    @Test(arguments: [
        (#"[{"key":"a","lang":"de"},{"key":"","lang":"de"}]"#, MissingReportError.invalidField(index: 1, field: "key", reason: "is empty")),
        (#"[{"lang":"de"}]"#, .invalidField(index: 0, field: "key", reason: "is missing")),
        (#"[{"key":3,"lang":"de"}]"#, .invalidField(index: 0, field: "key", reason: "must be a string")),
        (#"[{"key":"a"}]"#, .invalidField(index: 0, field: "lang", reason: "is missing")),
        (#"[{"key":"a","lang":"de"},{"key":"a","lang":"de"},{"key":"a","lang":"../etc"}]"#,
         .invalidField(index: 2, field: "lang", reason: "is not a well-formed BCP 47 language tag")),
        (#"[{"key":"a","lang":"de","table":7}]"#, .invalidField(index: 0, field: "table", reason: "must be a string")),
        (#"[1]"#, .itemNotAnObject(index: 0)),
        (#"{"keys":["a"]}"#, .notAnArray),
        (#""a""#, .notAnArray),
    ])
    func invalidBodiesAreRefusedNamingTheItem(body: String, expected: MissingReportError) {
        #expect(throws: expected) { try record(body) }
    }

    @Test func anInvalidTableIsRefusedWithItsIndex() {
        #expect {
            try record(#"[{"key":"a","lang":"de","table":"../etc/passwd"}]"#)
        } throws: { error in
            (error as? MissingReportError).map { if case .invalidField(0, "table", _) = $0 { true } else { false } } ?? false
        }
    }

    @Test func aReportedKeyOverMaxKeyBytesIsCountedAsDroppedNotRefused() throws {
        let recorder = MissingKeyRecorder(maxKeyBytes: 4)
        let summary = try recorder.recordReported(Array(#"[{"key":"abcd","lang":"de"},{"key":"abcde","lang":"de"}]"#.utf8))
        #expect(summary.recorded == 1)
        #expect(summary.dropped == 1)
        #expect(recorder.snapshot().dropped.longKeys == 1)
    }

    @Test func aReportedKeyOverTheCharacterLimitIsRefusedAndOneAtTheLimitAccepted() throws {
        let recorder = MissingKeyRecorder(maxKeyBytes: 4096)
        let atLimit = String(repeating: "ä", count: MissingKeyRecorder.maximumReportedKeyCharacters)
        _ = try recorder.recordReported(Array(#"[{"key":"\#(atLimit)","lang":"de"}]"#.utf8))
        let error = #expect(throws: MissingReportError.self) {
            try recorder.recordReported(Array(#"[{"key":"a","lang":"de"},{"key":"\#(atLimit)x","lang":"de"}]"#.utf8))
        }
        #expect(error?.message == "item 1: \"key\" is 257 characters (513 bytes); at most 256 characters are accepted")
        // A refused body records nothing, not even its valid items.
        #expect(recorder.snapshot().entries.count == 1)
    }

    @Test func malformedJSONTooManyItemsAndOversizedBodiesAreRefused() {
        #expect { try record("[{") } throws: { error in
            if case .malformedJSON = error as? MissingReportError { true } else { false }
        }
        let many = "[" + Array(repeating: #"{"key":"a","lang":"de"}"#, count: 1_001).joined(separator: ",") + "]"
        #expect(throws: MissingReportError.tooManyItems(count: 1_001, limit: 1_000)) { try record(many) }
        let exactly = "[" + Array(repeating: #"{"key":"a","lang":"de"}"#, count: 1_000).joined(separator: ",") + "]"
        #expect(throws: Never.self) { try record(exactly) }
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: MissingKeyRecorder.maximumReportedBodyBytes + 1)
        #expect(throws: MissingReportError.bodyTooLarge(bytes: huge.count, limit: MissingKeyRecorder.maximumReportedBodyBytes)) {
            try MissingKeyRecorder().recordReported(huge)
        }
    }

    @Test func deeplyNestedJSONIsAnErrorNotACrash() {
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: MissingReportError.self) { try record(nested) }
    }
}

@Suite struct PluralMissReportTests {
    @Test func aPluralMissIsItsOwnEntryAndSurvivesTheStateFile() throws {
        let at = Date(timeIntervalSince1970: 1_735_787_045)
        let recorder = MissingKeyRecorder(since: at)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plural-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = MissingReportStore(stateDirectory: directory, recorder: recorder)
        let miss = PluralMiss(variable: "files", category: .many)
        recorder.record(table: "Localizable", key: "files.count", requested: "ru", servedFrom: "app/ru", at: at, plural: miss)
        recorder.record(table: "Localizable", key: "files.count", requested: "ru", servedFrom: "app/ru", at: at, plural: miss)
        recorder.record(table: "Localizable", key: "files.count", requested: "ru", servedFrom: "key", at: at)
        let report = recorder.snapshot()
        #expect(report.entries.count == 2)
        #expect(report.entries.first?.plural == miss)
        #expect(report.entries.first?.hits == 2)
        let csv = String(decoding: report.csvBytes(), as: UTF8.self)
        #expect(csv.contains(",files,many\r\n"))
        #expect(try store.flushIfDirty())
        let reloaded = MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder())
        #expect(reloaded.recorder.snapshot().entries == report.entries)
    }

    @Test func rendererReportsTheCategoryALanguageLacks() throws {
        // Russian 5 is `many`; a stringsdict with only one/other falls back to other.
        let string = LocalizedString(template: "%#@files@", variables: [
            "files": PluralVariable(valueType: "d", variants: [.one: "%d файл", .other: "%d файла"]),
        ])
        let five = try LabelFormatter.render(string, arguments: ["5"], language: "ru")
        #expect(five.value == "5 файла")
        #expect(five.pluralMiss == PluralMiss(variable: "files", category: .many))
        #expect(try LabelFormatter.render(string, arguments: ["1"], language: "ru").pluralMiss == nil)
        #expect(Coverage.lackingCategories(string, needed: PluralRules.forLanguage("ru").categories) == [.few, .many])
    }
}
