import Foundation
import Testing
import LabelCore
import MissingKeys

private let t0 = Date(timeIntervalSince1970: 1_735_787_045) // 2025-01-02T03:04:05Z

private func entry(_ key: String, hits: Int, lang: String = "de") -> MissingReport.Entry {
    MissingReport.Entry(key: key, table: "Localizable", requested: lang, servedFrom: "key", hits: hits,
                        firstSeen: t0, lastSeen: t0 + 1)
}

/// Numbers from a state file or a client never reach arithmetic that traps: counts
/// saturate at ``MissingReport/maximumCount`` (2^53, the largest integer JSON carries exactly).
@Suite struct MissingReportSaturationTests {
    @Test(arguments: [Int.max, Int(Int64.max), 1 << 53, (1 << 53) + 1])
    func restoringDuplicatesSaturatesAtTheDocumentedMaximumInsteadOfTrapping(huge: Int) {
        // A hand-merged file holding the same entry twice: its hits are summed on restore.
        let report = MissingReport(entries: [entry("k", hits: huge), entry("k", hits: huge), entry("other", hits: 3)],
                                   dropped: .init(newEntries: huge, longKeys: huge, reported: huge), since: t0)
        let recorder = MissingKeyRecorder(maxEntries: 10)
        recorder.restore(report)
        let restored = recorder.snapshot()
        #expect(restored.entries.first { $0.key == "k" }?.hits == MissingReport.maximumCount)
        #expect(restored.entries.first { $0.key == "other" }?.hits == 3)
        #expect(restored.dropped == .init(newEntries: MissingReport.maximumCount, longKeys: MissingReport.maximumCount,
                                          reported: MissingReport.maximumCount))
        #expect(restored.totalHits == MissingReport.maximumCount)
    }

    @Test func theStringsStubSumsLanguagesWithoutTrapping() {
        let report = MissingReport(entries: [entry("k", hits: Int.max, lang: "de"), entry("k", hits: Int.max, lang: "fr")], since: t0)
        let stub = String(decoding: report.stringsStub { _, _ in nil }, as: UTF8.self)
        #expect(stub.contains("\(MissingReport.maximumCount) hits"))
    }

    @Test func aRecorderRestoredAtTheMaximumKeepsCountingAndWritesWhatItReadsBack() throws {
        // The documented maximum per entry, ten times more entries than a replica keeps.
        let full = MissingReport(entries: (0..<2_000).map { entry("k\($0)", hits: MissingReport.maximumCount) },
                                 dropped: .init(newEntries: MissingReport.maximumCount), since: t0)
        let recorder = MissingKeyRecorder(maxEntries: 10)
        recorder.restore(full)
        #expect(recorder.record(table: "Localizable", key: "new", requested: "de", servedFrom: "key", at: t0) == .droppedFull)
        #expect(recorder.record(table: "Localizable", key: "k0", requested: "de", servedFrom: "key", at: t0) == .counted)
        #expect(recorder.record(table: "Localizable", key: String(repeating: "x", count: 300), requested: "de",
                                servedFrom: "key", at: t0) == .droppedLongKey)
        let statistics = recorder.statistics()
        #expect(statistics.dropped.newEntries == MissingReport.maximumCount)
        #expect(statistics.hits == MissingReport.maximumCount)
        let snapshot = recorder.snapshot()
        #expect(snapshot.entries.allSatisfy { $0.hits == MissingReport.maximumCount })
        // What it writes is read back whole, nothing clamped.
        let read = try MissingReportStore.decode(snapshot.jsonBytes())
        #expect(read.report.dropped.newEntries == MissingReport.maximumCount)
        #expect(read.report.entries.count == snapshot.entries.count)
        #expect(read.problems.isEmpty)
    }

    @Test func aStateFileWithExtremeNumbersIsClampedOnRestoreAndLogged() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("saturation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let huge = "9223372036854775807"
        let file = #"""
        {"since":"2025-01-01T00:00:00Z","dropped":{"newEntries":\#(huge),"longKeys":-5,"reported":\#(huge)},"entries":[\#
        {"key":"a","table":"Localizable","requested":"de","servedFrom":"key","hits":\#(huge),"firstSeen":"2025-01-02T03:04:05Z","lastSeen":"2025-01-02T03:04:05Z"},\#
        {"key":"b","table":"Localizable","requested":"de","servedFrom":"key","hits":\#(huge),"firstSeen":"2025-01-02T03:04:05Z","lastSeen":"2025-01-02T03:04:05Z"}]}
        """#
        try Data(file.utf8).write(to: url.appendingPathComponent(MissingReportStore.fileName))
        let lines = MissingReportLogLines()
        let store = MissingReportStore(stateDirectory: url, recorder: MissingKeyRecorder(maxEntries: 1), log: lines.sink, now: t0)
        store.recorder.record(table: "Localizable", key: "c", requested: "de", servedFrom: "key", at: t0)
        store.recorder.record(table: "Localizable", key: "a", requested: "de", servedFrom: "key", at: t0)
        let report = store.recorder.snapshot()
        #expect(report.entries.map(\.key) == ["a"])
        #expect(report.entries.first?.hits == MissingReport.maximumCount)
        #expect(report.dropped == .init(newEntries: MissingReport.maximumCount, longKeys: 0, reported: MissingReport.maximumCount))
        let reasons = try lines.objects().compactMap { $0["reason"] as? String }
        #expect(reasons.contains("entry 0: \"hits\" 9223372036854775807 is above 2^53; clamped"))
        #expect(reasons.contains("\"dropped.newEntries\" 9223372036854775807 is outside 0 to 2^53; clamped"))
        #expect(reasons.contains("\"dropped.longKeys\" -5 is outside 0 to 2^53; clamped"))
        #expect(try store.flushIfDirty())
        #expect(try MissingReportStore.decode(Array(Data(contentsOf: store.fileURL))).report.entries.count == 1)
    }

    @Test func usageFromAFileIsClampedAndSummedWithoutWrapping() throws {
        let huge = #"{"since":"2025-01-01T00:00:00Z","entries":[{"table":"T","key":"k","hits":9223372036854775807}]}"#
        let decoded = try #require(UsageStore.decode(Array(huge.utf8)))
        let key = UsageCounters.Key(table: "T", key: "k")
        #expect(decoded.totals[key]?.hits == UInt64(MissingReport.maximumCount))
        #expect(decoded.clamped == 1)
        var total = UsageStore.Totals(hits: UInt64.max - 1, latest: 0)
        total.add(UsageStore.Totals(hits: UInt64.max, latest: 5))
        #expect(total == UsageStore.Totals(hits: UInt64(MissingReport.maximumCount), latest: 5))
        let negative = #"{"since":"2025-01-01T00:00:00Z","entries":[{"table":"T","key":"k","hits":-1}]}"#
        #expect(UsageStore.decode(Array(negative.utf8)) == nil)
    }
}
