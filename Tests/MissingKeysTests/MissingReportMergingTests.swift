import Foundation
import Testing
import LabelCore
import MissingKeys

@Suite struct MissingReportMergingTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    func entry(_ key: String, hits: Int, first: Double, last: Double, from: String = "key", lang: String = "de") -> MissingReport.Entry {
        MissingReport.Entry(key: key, table: "Localizable", requested: lang, servedFrom: from, hits: hits,
                            firstSeen: t0 + first, lastSeen: t0 + last)
    }

    @Test func hitsSumFirstSeenEarliestLastSeenAndServedFromLatest() {
        let a = MissingReport(entries: [entry("k", hits: 2, first: 10, last: 20, from: "framework/en")],
                              dropped: .init(newEntries: 1, longKeys: 0), since: t0 + 5)
        let b = MissingReport(entries: [entry("k", hits: 3, first: 5, last: 30, from: "key"), entry("only-b", hits: 1, first: 1, last: 1)],
                              dropped: .init(newEntries: 0, longKeys: 2), since: t0)
        let c = MissingReport(entries: [entry("k", hits: 1, first: 7, last: 25, from: "app/en"),
                                        entry("k", hits: 4, first: 8, last: 9, lang: "fr")], since: t0 + 1)
        let merged = a.merging([b, c])
        let k = merged.entries.first { $0.key == "k" && $0.requested == "de" }
        #expect(k?.hits == 6)
        #expect(k?.firstSeen == t0 + 5)
        #expect(k?.lastSeen == t0 + 30)
        #expect(k?.servedFrom == "key")
        #expect(merged.entries.count == 3)
        #expect(merged.entries.first?.key == "k")   // report order: most hits first
        #expect(merged.dropped == .init(newEntries: 1, longKeys: 2))
        #expect(merged.since == t0)
    }

    @Test func mergingIsOrderIndependent() {
        let reports = (0..<4).map { index in
            MissingReport(entries: (0..<50).map { entry("k\($0 % 7)", hits: $0 + index + 1, first: Double($0), last: Double(100 - $0 + index)) }
                            .reduce(into: [MissingReport.Entry]()) { list, e in if !list.contains(where: { $0.key == e.key }) { list.append(e) } },
                          since: t0)
        }
        let forward = reports[0].merging(Array(reports[1...]))
        let backward = reports[3].merging([reports[2], reports[1], reports[0]])
        #expect(forward.jsonBytes() == backward.jsonBytes())
    }

    @Test func aPageRoundTripsThroughItsJSON() throws {
        let report = MissingReport(entries: [entry("k", hits: 2, first: 1, last: 2)], since: t0)
        let page = try #require(MissingReport.decodePage(report.jsonBytes()))
        #expect(page.report.entries == report.entries)
        #expect(page.total == 1)
        #expect(MissingReport.decodePage(Array("not json".utf8))?.total == nil)
        #expect(MissingReport.decodePage(Array(#"{"entries":[{"key":1}],"since":"2025-01-01T00:00:00Z"}"#.utf8))?.total == nil)
    }
}

/// The client-reported refusals of every replica reach the fleet's report.
@Suite struct MissingReportMergingReportedTests {
    @Test func refusedClientReportsAreDecodedFromAPeerAndSummed() throws {
        let since = Date(timeIntervalSince1970: 1_735_787_045)
        let peer = MissingReport(entries: [], dropped: .init(reported: 7), since: since)
        let decoded = try #require(MissingReport.decodePage(peer.jsonBytes()))
        #expect(decoded.report.dropped.reported == 7)
        let own = MissingReport(entries: [], dropped: .init(reported: 2), since: since)
        #expect(own.merging([decoded.report]).dropped.reported == 9)
    }
}
