import Foundation
import LabelCore
import MissingKeys
import RedisClient
import Testing
import TestSupport
@testable import ReportStore

/// Redis away: hits wait in the bounded buffer, reads throw, one log line each way.
@Suite(.enabled(if: RedisServerProcess.isEnabled)) struct RedisReportStoreOutageTests {
    @Test func hitsRecordedWhileRedisIsAwayAreFlushedOnceWhenItIsBackWithOneLogLineEachWay() throws {
        let redis = try RedisServerProcess(configuration: ["appendonly yes", "appendfsync everysec"])
        let log = LogLines()
        let store = try makeStore(redis, log: log.sink)
        store.recorder.record(table: "Localizable", key: "before", requested: "de", servedFrom: "key", at: t0)
        #expect(flushed(store))
        redis.kill9()
        for _ in 0..<3 {
            store.recorder.record(table: "Localizable", key: "during", requested: "de", servedFrom: "key", at: t0)
            #expect(!store.flush())
        }
        #expect(throws: ReportStoreUnavailable.self) { try store.report() }
        #expect(store.metricsText().contains("label_server_report_store_connected 0\n"))
        #expect(store.metricsText().contains("label_server_report_store_buffered_entries 2\n"), "the batch to retry and the buffer")
        try redis.restart()
        #expect(flushed(store))
        #expect(flushed(store), "the hits recorded after the failed batch go in the next one")
        let report = try store.report()
        #expect(report.hits("before") == 1)
        #expect(report.hits("during") == 3, "retried batches are counted once")
        #expect(log.count("report_store_unavailable") == 1)
        #expect(log.count("report_store_recovered") == 1)
        #expect(store.metricsText().contains("label_server_report_store_connected 1\n"))
    }

    @Test func theBufferHoldsTheCapAndCountsWhatDoesNotFitAsDropped() throws {
        let redis = try RedisServerProcess()
        let store = try makeStore(redis, maxEntries: 2)
        redis.kill9()
        for index in 0..<5 {
            store.recorder.record(table: "Localizable", key: "k\(index)", requested: "de", servedFrom: "key", at: t0)
        }
        #expect(!store.flush())
        store.recorder.record(table: "Localizable", key: "k0", requested: "de", servedFrom: "key", at: t0)
        #expect(store.metricsText().contains("label_server_report_store_buffer_dropped_total 3\n"))
        try redis.restart()
        #expect(flushed(store))
        #expect(flushed(store))
        let report = try store.report()
        #expect(report.entries.count == 2)
        #expect(report.dropped.newEntries == 3, "the buffer's drops reach the report")
        #expect(report.hits("k0") == 2)
    }

    @Test func aReloadMessageReachesEveryOtherStoreAndNotItsSender() throws {
        let redis = try RedisServerProcess()
        let a = try makeStore(redis, replicaID: "a"), b = try makeStore(redis, replicaID: "b"), c = try makeStore(redis, replicaID: "c")
        let reloads = LogLines()
        for (name, store) in [("a", a), ("b", b), ("c", c)] {
            let sink = reloads.sink
            store.startSubscribing { sink(name) }
        }
        defer { for store in [a, b, c] { store.close() } }
        // Subscribing is asynchronous: publish until both listeners heard a message.
        for _ in 0..<500 where !Set(reloads.all).isSuperset(of: ["b", "c"]) {
            #expect(a.publishReload())
            usleep(20_000)
        }
        let heard = reloads.all
        #expect(!heard.contains("a"), "the sender has reloaded already")
        #expect(Set(heard) == ["b", "c"])
    }
}
