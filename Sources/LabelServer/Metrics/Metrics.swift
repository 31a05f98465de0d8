import BackgroundWork
import Foundation
import HTTP1

/// Counters and histograms for `GET /metrics` (Prometheus text format 0.0.4).
///
/// A request adds to per-thread atomic counters (``MetricsCounters``), summed at
/// scrape time: no lock on the request path. Reloads, rare, keep a lock.
package final class Metrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds (handler time).
    static let latencyBuckets: [Double] = [0.000_01, 0.000_025, 0.000_05, 0.000_1, 0.000_25, 0.000_5,
                                                  0.001, 0.002_5, 0.005, 0.01, 0.025, 0.1, 1]

    /// A request's `route` label: a row of ``LabelService/routes``, or one of the
    /// two labels no row has. A fixed set, never the raw path, so clients cannot
    /// create unbounded label values.
    package struct Route: Hashable, Sendable {
        /// Rows of ``LabelService/routes`` first, then ``other``, then ``unparsed``.
        let index: Int

        init(index: Int) { self.index = index }

        /// No route has the path (404s, `OPTIONS *`).
        package static let other = Route(index: LabelService.routes.count)
        /// The request could not be parsed.
        package static let unparsed = Route(index: LabelService.routes.count + 1)
        /// Every label, in ``Route/index`` order.
        static let labels = LabelService.routes.map(\.label) + ["other", "unparsed"]

        package var label: String { Route.labels[index] }
    }

    struct Reloads {
        var succeeded: UInt64 = 0
        var failed: UInt64 = 0
        var lastSuccess = true
        var lastTimestamp: Double = 0
    }

    private let counters = MetricsCounters(routes: Route.labels.count, buckets: Metrics.latencyBuckets.count)
    private let reloads = Guarded(Reloads())

    package init() {}

    /// Counts one answered request and its handler time.
    package func record(route: Route, status: Int, seconds: Double) {
        let bucket = Self.latencyBuckets.firstIndex(where: { seconds <= $0 })
        counters.record(route: route.index, status: status, bucket: bucket,
                        nanoseconds: seconds > 0 ? UInt64(min(seconds, 1e9) * 1e9) : 0)
    }

    func recordMissingHit() { counters.recordMissingHit() }

    func recordReload(success: Bool, at date: Date = Date()) {
        reloads.withLock { reloads in
            if success { reloads.succeeded += 1 } else { reloads.failed += 1 }
            reloads.lastSuccess = success
            reloads.lastTimestamp = date.timeIntervalSince1970
        }
    }

    /// Gauges read at scrape time from the live catalog and server.
    package struct Gauges: Sendable {
        package var strings: Int
        package var files: Int
        package var tables: Int
        package var languages: Int
        package var bundles: Int
        package var loadTimestamp: Double
        package var openConnections: Int?
        var missingEntries: Int?
        var missingDropped: Int?
        /// Client-reported items refused by the reported-entries quota (also in `missingDropped`).
        var missingReportedRefused: Int?
        /// Failed writes per state file (`missing.json`, `usage.json`), for the files kept.
        var stateWriteFailures: [(file: String, count: UInt64)]
        package init(strings: Int, files: Int, tables: Int, languages: Int, bundles: Int, loadTimestamp: Double,
                    openConnections: Int? = nil, missingEntries: Int? = nil, missingDropped: Int? = nil,
                    missingReportedRefused: Int? = nil, stateWriteFailures: [(file: String, count: UInt64)] = []) {
            self.stateWriteFailures = stateWriteFailures
            self.strings = strings
            self.files = files
            self.tables = tables
            self.languages = languages
            self.bundles = bundles
            self.loadTimestamp = loadTimestamp
            self.openConnections = openConnections
            self.missingEntries = missingEntries
            self.missingDropped = missingDropped
            self.missingReportedRefused = missingReportedRefused
        }
    }

    /// The exposition text.
    package func render(_ gauges: Gauges) -> String {
        let snapshot = counters.snapshot()
        let reloads = self.reloads.withLock { $0 }
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        family("label_server_requests_total", "counter", "Requests answered, by route and status.")
        let routes = Route.labels
        for (route, status, count) in snapshot.requests {
            out += "label_server_requests_total{route=\"\(routes[route])\",status=\"\(status)\"} \(count)\n"
        }
        family("label_server_request_duration_seconds", "histogram", "Time spent in the handler, by route.")
        for (index, histogram) in snapshot.latency.enumerated() where histogram.count > 0 {
            let route = routes[index]
            var cumulative: UInt64 = 0
            for (bound, count) in zip(Self.latencyBuckets, histogram.buckets) {
                cumulative += count
                out += "label_server_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "label_server_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(histogram.count)\n"
            out += "label_server_request_duration_seconds_sum{route=\"\(route)\"} \(Double(histogram.nanoseconds) / 1e9)\n"
            out += "label_server_request_duration_seconds_count{route=\"\(route)\"} \(histogram.count)\n"
        }
        /// A family with one unlabelled sample; `nil` leaves it out.
        func single(_ name: String, _ type: String, _ help: String, _ value: (any CustomStringConvertible)?) {
            guard let value else { return }
            family(name, type, help)
            out += "\(name) \(value)\n"
        }
        single("label_server_missing_hits_total", "counter", "Label requests not satisfied in the requested language.", snapshot.missingHits)
        single("label_server_missing_entries", "gauge", "Entries in the missing-key report.", gauges.missingEntries)
        single("label_server_missing_dropped_total", "counter", "Missing hits not recorded because the report was full, the key too long, or the client-reported quota used up.", gauges.missingDropped)
        single("label_server_missing_reported_refused_total", "counter", "Client-reported (POST /missing) items refused because client reports hold their quota of entries.", gauges.missingReportedRefused)
        if !gauges.stateWriteFailures.isEmpty {
            family("label_server_state_write_failures_total", "counter",
                   "Failed writes of a state file, by file (the write is retried at the next flush; the log says why once).")
            for (file, count) in gauges.stateWriteFailures {
                out += "label_server_state_write_failures_total{file=\"\(file)\"} \(count)\n"
            }
        }
        single("label_server_catalog_strings", "gauge", "Strings loaded, each bundle's copy counted.", gauges.strings)
        single("label_server_catalog_files", "gauge", "Store files read.", gauges.files)
        single("label_server_catalog_tables", "gauge", "Tables in the store.", gauges.tables)
        single("label_server_catalog_languages", "gauge", "Languages in the store.", gauges.languages)
        single("label_server_catalog_bundles", "gauge", "(Table, language) bundles the catalog can serve, each built on its first request.", gauges.bundles)
        single("label_server_catalog_loaded_timestamp_seconds", "gauge", "When the catalog being served was loaded.", gauges.loadTimestamp)
        family("label_server_reloads_total", "counter", "Store reloads, by result.")
        out += "label_server_reloads_total{result=\"success\"} \(reloads.succeeded)\n"
        out += "label_server_reloads_total{result=\"failure\"} \(reloads.failed)\n"
        single("label_server_last_reload_success", "gauge", "1 when the last reload succeeded (or none was tried), 0 when it failed.", reloads.lastSuccess ? 1 : 0)
        single("label_server_last_reload_timestamp_seconds", "gauge", "When the last reload was tried (0: never).", reloads.lastTimestamp)
        single("label_server_open_connections", "gauge", "Open client connections.", gauges.openConnections)
        return out
    }
}
