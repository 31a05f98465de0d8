import Foundation
import LabelCore
import MissingKeys
import RedisClient
import Testing
import TestSupport
@testable import ReportStore

/// A flush adds a replica's buffer to the shared report with the recorder's own rules.
@Suite(.enabled(if: RedisServerProcess.isEnabled)) struct RedisReportStoreFlushTests {
    @Test func aFlushAddsHitsDatesAndTheLatestSourceAndAnotherStoreReadsThem() throws {
        let redis = try RedisServerProcess()
        let a = try makeStore(redis), b = try makeStore(redis)
        a.recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "framework/en", at: t0)
        a.recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "key", at: t0 + 5)
        a.recorder.record(table: "Localizable", key: "files", requested: "ru", servedFrom: "app/ru", at: t0 + 1,
                          plural: PluralMiss(variable: "n", category: .few))
        #expect(flushed(a))
        b.recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "framework/en", at: t0 + 3)
        b.recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "app/de", at: t0 - 2)
        #expect(flushed(b))
        let report = try a.report()
        let play = try #require(report.entries.first { $0.key == "Play" })
        #expect(play.hits == 4)
        #expect(play.firstSeen == t0 - 2)
        #expect(play.lastSeen == t0 + 5)
        #expect(play.servedFrom == "key", "the latest sighting's source wins")
        let plural = try #require(report.entries.first { $0.key == "files" })
        #expect(plural.plural == PluralMiss(variable: "n", category: .few))
        #expect(plural.requested == "ru")
        #expect(report.since == t0)
        #expect(try b.report() == report, "every replica reads the same report")
    }

    @Test func twoStoresFlushingOneRedisShareTheCapAtomically() throws {
        let redis = try RedisServerProcess()
        let a = try makeStore(redis, maxEntries: 3), b = try makeStore(redis, maxEntries: 3)
        for index in 0..<3 {
            a.recorder.record(table: "Localizable", key: "a\(index)", requested: "de", servedFrom: "key", at: t0)
            b.recorder.record(table: "Localizable", key: "b\(index)", requested: "de", servedFrom: "key", at: t0)
            b.recorder.record(table: "Localizable", key: "b\(index)", requested: "de", servedFrom: "key", at: t0)
        }
        #expect(flushed(a))
        #expect(flushed(b))
        let report = try b.report()
        #expect(report.entries.count == 3)
        #expect(report.dropped.newEntries == 6, "each refused entry's hits are counted in Redis")
        #expect(report.limits.maxEntries == 3)
    }

    @Test func aBatchSentTwiceIsCountedOnce() throws {
        let redis = try RedisServerProcess()
        let store = try makeStore(redis)
        store.recorder.record(table: "Localizable", key: "Play", requested: "de", servedFrom: "key", at: t0)
        let batch = ReportBatch(sequence: 7, delta: store.recorder.drainDeltas(), usage: [:], nowMilliseconds: 0)
        let commands = batch.commands(keys: store.keys, replica: "r1", limits: store.configuration.limits, usageLimit: 10)
        #expect(commands.count == 1)
        let connection = RedisConnection(endpoint: store.configuration.endpoint)
        let first = try connection.pipeline(commands)
        let again = try connection.pipeline(commands)
        guard case .array(let applied?) = first[0], case .array(let skipped?) = again[0] else {
            Issue.record("unexpected replies \(first) \(again)")
            return
        }
        #expect(ReportCodec.integer(applied[0]) == 1)
        #expect(ReportCodec.integer(skipped[0]) == 0)
        #expect(try store.report().hits("Play") == 1)
    }

    @Test func aLargeBatchIsCutIntoScriptsOfAThousandEntriesAndCountedOnceWhenSentAgain() throws {
        let redis = try RedisServerProcess()
        let store = try makeStore(redis, maxEntries: 5_000)
        for index in 0..<2_500 {
            store.recorder.record(table: "Localizable", key: "k\(index)", requested: "de", servedFrom: "key", at: t0)
        }
        let batch = ReportBatch(sequence: 1, delta: store.recorder.drainDeltas(), usage: [:], nowMilliseconds: 0)
        let commands = batch.commands(keys: store.keys, replica: "r1", limits: store.configuration.limits, usageLimit: 10)
        #expect(commands.count == 3)
        let connection = RedisConnection(endpoint: store.configuration.endpoint)
        _ = try connection.pipeline(Array(commands.prefix(2)))   // the last part's outcome "lost"
        _ = try connection.pipeline(commands)                    // the retry
        let report = try store.report()
        #expect(report.entries.count == 2_500)
        #expect(report.totalHits == 2_500)
    }

    @Test func aResolvedEntryReopensOnAServerMissAndTheOldestResolvedMakesRoomAtTheCap() throws {
        let redis = try RedisServerProcess()
        let store = try makeStore(redis, maxEntries: 2)
        store.recorder.record(table: "Localizable", key: "old", requested: "de", servedFrom: "key", at: t0)
        store.recorder.record(table: "Localizable", key: "open", requested: "de", servedFrom: "key", at: t0)
        #expect(flushed(store))
        let old = MissingKeyRecorder.EntryID(table: "Localizable", key: "old", requested: "de")
        let open = MissingKeyRecorder.EntryID(table: "Localizable", key: "open", requested: "de")
        #expect(try store.markResolved([old, open], at: t0 + 10) == 2)
        #expect(try store.markResolved([old], at: t0 + 20) == 0, "an entry already resolved keeps its time")
        store.recorder.record(table: "Localizable", key: "open", requested: "de", servedFrom: "framework/en", at: t0 + 30)
        store.recorder.record(table: "Localizable", key: "new", requested: "de", servedFrom: "key", at: t0 + 30)
        #expect(flushed(store))
        let report = try store.report()
        #expect(Set(report.entries.map(\.key)) == ["open", "new"], "the resolved entry made room")
        #expect(report.entries.first { $0.key == "open" }?.resolvedAt == nil, "a server miss reopens")
        #expect(report.dropped.newEntries == 0)
    }

    @Test func clientReportsKeepTheirQuotaInRedisAndAServerMissTakesTheEntryOver() throws {
        let redis = try RedisServerProcess()
        let a = try makeStore(redis, maxEntries: 10, maxReported: 1), b = try makeStore(redis, maxEntries: 10, maxReported: 1)
        try a.recorder.recordReported(Array(#"[{"key":"A","lang":"de"}]"#.utf8), at: t0)
        try b.recorder.recordReported(Array(#"[{"key":"B","lang":"de"}]"#.utf8), at: t0)
        #expect(flushed(a))
        #expect(flushed(b))
        var report = try a.report()
        #expect(report.entries.map(\.key) == ["A"])
        #expect(report.entries.first?.servedFrom == "client")
        #expect(report.dropped.reported == 1)
        a.recorder.record(table: "Localizable", key: "A", requested: "de", servedFrom: "framework/en", at: t0 - 5)
        try b.recorder.recordReported(Array(#"[{"key":"C","lang":"de"}]"#.utf8), at: t0)
        #expect(flushed(a))
        #expect(flushed(b))
        report = try a.report()
        #expect(report.entries.first { $0.key == "A" }?.servedFrom == "framework/en", "the first observation replaces client")
        #expect(report.hits("C") == 1, "the observed entry freed its quota slot")
    }

    @Test func deleteFiltersAndResetClearTheReportForEveryone() throws {
        let redis = try RedisServerProcess()
        let a = try makeStore(redis), b = try makeStore(redis)
        for (key, lang, table) in [("k1", "de", "Localizable"), ("k1", "fr", "Localizable"), ("k2", "de", "Other"), ("k3", "de", "Localizable")] {
            a.recorder.record(table: table, key: key, requested: lang, servedFrom: "key", at: t0)
        }
        #expect(flushed(a))
        #expect(try b.remove(key: "k1", requested: "de", table: nil) == 1)
        #expect(try b.remove(key: nil, requested: nil, table: "Other") == 1)
        #expect(Set(try a.report().entries.map { "\($0.key)/\($0.requested)" }) == ["k1/fr", "k3/de"])
        try b.reset(at: t0 + 100)
        let report = try a.report()
        #expect(report.entries.isEmpty)
        #expect(report.since == t0 + 100)
    }
}
