import Foundation
import Testing
import LabelCore
import MissingKeys

private let t0 = Date(timeIntervalSince1970: 1_735_787_045) // 2025-01-02T03:04:05Z

private func entry(_ key: String, hits: Int, lang: String = "de") -> MissingReport.Entry {
    MissingReport.Entry(key: key, table: "Localizable", requested: lang, servedFrom: "key", hits: hits,
                        firstSeen: t0, lastSeen: t0 + 1)
}

/// Numbers from a peer, a state file or a client never reach arithmetic that traps:
/// counts saturate at ``MissingReport/maximumCount`` (2^53, the largest integer JSON carries
/// exactly) and a peer's page with a number outside its documented range is refused, with why.
@Suite struct MissingReportSaturationTests {
    @Test(arguments: [Int.max, Int(Int64.max), 1 << 53, (1 << 53) + 1])
    func mergingSaturatesAtTheDocumentedMaximumInsteadOfTrapping(huge: Int) {
        let local = MissingReport(entries: [entry("k", hits: huge)],
                                  dropped: .init(newEntries: huge, longKeys: huge, reported: huge), since: t0)
        let peer = MissingReport(entries: [entry("k", hits: huge), entry("other", hits: 3)],
                                 dropped: .init(newEntries: huge, longKeys: 1, reported: huge), since: t0)
        let merged = local.merging([peer, peer])
        #expect(merged.entries.first { $0.key == "k" }?.hits == MissingReport.maximumCount)
        #expect(merged.entries.first { $0.key == "other" }?.hits == 6)
        #expect(merged.dropped == .init(newEntries: MissingReport.maximumCount, longKeys: MissingReport.maximumCount,
                                        reported: MissingReport.maximumCount))
        #expect(merged.dropped.hits == MissingReport.maximumCount)
        #expect(merged.totalHits == MissingReport.maximumCount)
    }

    @Test func theStringsStubSumsLanguagesWithoutTrapping() {
        let report = MissingReport(entries: [entry("k", hits: Int.max, lang: "de"), entry("k", hits: Int.max, lang: "fr")], since: t0)
        let stub = String(decoding: report.stringsStub { _, _ in nil }, as: UTF8.self)
        #expect(stub.contains("\(MissingReport.maximumCount) hits"))
    }

    @Test func negativeCountsCountAsNothingInAMerge() {
        let local = MissingReport(entries: [entry("k", hits: Int.min)], dropped: .init(newEntries: Int.min), since: t0)
        let peer = MissingReport(entries: [entry("k", hits: -1)], dropped: .init(newEntries: -1, longKeys: 2), since: t0)
        let merged = local.merging([peer])
        #expect(merged.entries.first?.hits == 0)
        #expect(merged.dropped == .init(newEntries: 0, longKeys: 2))
    }

    /// A peer's `GET /missing?scope=local` body with one field replaced.
    private func page(hits: String = "3", newEntries: String = "0", first: String = "2025-01-02T03:04:05.000Z",
                      last: String = "2025-01-02T03:04:06.000Z", total: String = "1") -> [UInt8] {
        Array(#"""
        {"since":"2025-01-01T00:00:00.000Z","total":\#(total),"dropped":{"newEntries":\#(newEntries),"longKeys":0,"reported":0},\#
        "entries":[{"key":"k","table":"Localizable","requested":"de","servedFrom":"key","hits":\#(hits),\#
        "firstSeen":"\#(first)","lastSeen":"\#(last)"}]}
        """#.utf8)
    }

    @Test(arguments: [
        ("hits", "9223372036854775807", "entry 0: \"hits\" is not an integer from 1 to 2^53"),
        ("hits", "-4", "entry 0: \"hits\" is not an integer from 1 to 2^53"),
        ("hits", "9007199254740993", "entry 0: \"hits\" is not an integer from 1 to 2^53"),
        ("newEntries", "9223372036854775807", "\"dropped.newEntries\" is not an integer from 0 to 2^53"),
        ("newEntries", "-1", "\"dropped.newEntries\" is not an integer from 0 to 2^53"),
        ("first", "2025-01-03T00:00:00.000Z", "entry 0: \"firstSeen\" is after \"lastSeen\""),
        ("last", "10000-01-01T00:00:00.000Z", "entry 0: \"firstSeen\" or \"lastSeen\" is missing or not an ISO 8601 UTC timestamp"),
        ("total", "-7", "\"total\" is not an integer from 0 to 2^53"),
        ("total", "10000001", "\"total\" is more entries than a replica keeps (10000000)"),
    ])
    func aPeerPageWithANumberOutOfRangeIsRefusedWithTheReason(field: String, value: String, reason: String) {
        let bytes: [UInt8] = switch field {
        case "hits": page(hits: value)
        case "newEntries": page(newEntries: value)
        case "first": page(first: value)
        case "last": page(last: value)
        default: page(total: value)
        }
        #expect(MissingReport.decodePage(bytes) == nil)
        #expect(throws: MissingReport.PageError(reason: reason)) { try MissingReport.readPage(bytes) }
        #expect(MissingReport.decodePage(page())?.report.entries.first?.hits == 3, "the unchanged page is read")
    }

    @Test func aRecorderRestoredAtTheMaximumKeepsCountingAndWritesWhatItsPeersRead() throws {
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
        // What this replica answers its peers is within what they accept, and merging it twice is safe.
        let read = try MissingReport.readPage(snapshot.jsonBytes())
        #expect(read.report.dropped.newEntries == MissingReport.maximumCount)
        #expect(snapshot.merging([read.report, read.report]).dropped.newEntries == MissingReport.maximumCount)
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
        #expect(try MissingReport.readPage(Array(Data(contentsOf: store.fileURL))).report.entries.count == 1)
    }

    @Test func usageFromAFileOrAPeerIsClampedAndSummedWithoutWrapping() throws {
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
