import Foundation
import LabelCore
import MissingKeys
import RedisClient
import Synchronization
import TestSupport
@testable import ReportStore

let t0 = Date(timeIntervalSince1970: 1_735_787_045)

/// Log lines a test reads back.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
    func count(_ event: String) -> Int { all.filter { $0.contains(#""event":"\#(event)""#) }.count }
}

/// A report store over a test's redis-server, with short timeouts and backoff.
func makeStore(_ redis: RedisServerProcess, maxEntries: Int = 100, maxReported: Int? = nil, prefix: String = "t:",
               log: @escaping @Sendable (String) -> Void = { _ in }, replicaID: String = RedisReportStore.randomReplicaID(),
               usage: @escaping @Sendable () -> UsageCounters? = { nil }) throws -> RedisReportStore {
    let endpoint = try RedisEndpoint(url: redis.url(), password: nil)
    let limits = MissingReport.Limits(maxEntries: maxEntries, maxKeyBytes: 256, maxReportedEntries: maxReported ?? max(1, maxEntries / 10))
    let timeouts = RedisTimeouts(connect: .milliseconds(500), command: .seconds(2), backoffStart: .milliseconds(1),
                                 backoffCap: .milliseconds(1))
    let configuration = RedisReportStore.Configuration(endpoint: endpoint, keys: ReportKeys(prefix: prefix), limits: limits,
                                                       timeouts: timeouts, replicaID: replicaID)
    return RedisReportStore(configuration: configuration, usageCounters: usage, log: log, now: { t0 })
}

/// Flushes until Redis takes the batch (a fresh connection may still be backing off), boundedly.
func flushed(_ store: RedisReportStore) -> Bool {
    for _ in 0..<200 {
        if store.flush() { return true }
        usleep(10_000)
    }
    return false
}

extension MissingReport {
    func hits(_ key: String, _ requested: String = "de") -> Int? {
        entries.first { $0.key == key && $0.requested == requested && $0.plural == nil }?.hits
    }
}
