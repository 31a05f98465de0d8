import Foundation
import HTTP1
import Synchronization

/// Counters and histograms for `GET /metrics` (Prometheus text format 0.0.4).
///
/// One lock guards all of it: a request takes it once, for a few additions,
/// which is cheaper than the syscalls around the request.
public final class Metrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds (handler time).
    public static let latencyBuckets: [Double] = [0.000_01, 0.000_025, 0.000_05, 0.000_1, 0.000_25, 0.000_5,
                                                  0.001, 0.002_5, 0.005, 0.01, 0.025, 0.1, 1]

    /// Route labels: a fixed set, never the raw path, so clients cannot
    /// create unbounded label values.
    public enum Route: String, CaseIterable, Sendable {
        case label = "/labels/{key}"
        case bundle = "/labels"
        case missing = "/missing"
        case coverage = "/coverage"
        case usage = "/usage"
        case healthz = "/healthz"
        case readyz = "/readyz"
        case metrics = "/metrics"
        case reload = "/admin/reload"
        case other
        case unparsed

        public init(path: String) {
            if path.hasPrefix("/labels/") { self = .label; return }
            self = Route(rawValue: path).flatMap { $0 == .other || $0 == .unparsed ? nil : $0 } ?? .other
        }

        var index: Int { Route.allCases.firstIndex(of: self)! }
    }

    struct RouteStatus: Hashable {
        var route: Int
        var status: Int
    }

    struct Histogram {
        var buckets = [UInt64](repeating: 0, count: Metrics.latencyBuckets.count)
        var count: UInt64 = 0
        var sum: Double = 0
    }

    struct Reloads {
        var succeeded: UInt64 = 0
        var failed: UInt64 = 0
        var lastSuccess = true
        var lastTimestamp: Double = 0
    }

    private struct State {
        var requests: [RouteStatus: UInt64] = [:]
        var latency = [Histogram](repeating: Histogram(), count: Route.allCases.count)
        var missingHits: UInt64 = 0
        var reloads = Reloads()
    }

    private let state = Mutex(State())

    public init() {}

    /// Counts one answered request and its handler time.
    public func record(route: Route, status: Int, seconds: Double) {
        let index = route.index
        let bucket = Self.latencyBuckets.firstIndex(where: { seconds <= $0 })
        state.withLock { state in
            state.requests[RouteStatus(route: index, status: status), default: 0] += 1
            if let bucket { state.latency[index].buckets[bucket] += 1 }
            state.latency[index].count += 1
            state.latency[index].sum += seconds
        }
    }

    public func recordMissingHit() { state.withLock { $0.missingHits += 1 } }

    public func recordReload(success: Bool, at date: Date = Date()) {
        state.withLock { state in
            if success { state.reloads.succeeded += 1 } else { state.reloads.failed += 1 }
            state.reloads.lastSuccess = success
            state.reloads.lastTimestamp = date.timeIntervalSince1970
        }
    }

    /// Gauges read at scrape time from the live catalog and server.
    public struct Gauges: Sendable {
        public var strings: Int
        public var files: Int
        public var tables: Int
        public var languages: Int
        public var bundles: Int
        public var loadTimestamp: Double
        public var openConnections: Int?
        public var missingEntries: Int?
        public var missingDropped: Int?
        /// Client-reported items refused by the reported-entries quota (also in `missingDropped`).
        public var missingReportedRefused: Int?
        public init(strings: Int, files: Int, tables: Int, languages: Int, bundles: Int, loadTimestamp: Double,
                    openConnections: Int? = nil, missingEntries: Int? = nil, missingDropped: Int? = nil,
                    missingReportedRefused: Int? = nil) {
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
    public func render(_ gauges: Gauges) -> String {
        let snapshot = state.withLock { $0 }
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        family("label_server_requests_total", "counter", "Requests answered, by route and status.")
        let routes = Route.allCases
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }) {
            out += "label_server_requests_total{route=\"\(routes[key.route].rawValue)\",status=\"\(key.status)\"} \(count)\n"
        }
        family("label_server_request_duration_seconds", "histogram", "Time spent in the handler, by route.")
        for (index, histogram) in snapshot.latency.enumerated() where histogram.count > 0 {
            let route = routes[index].rawValue
            var cumulative: UInt64 = 0
            for (bound, count) in zip(Self.latencyBuckets, histogram.buckets) {
                cumulative += count
                out += "label_server_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "label_server_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(histogram.count)\n"
            out += "label_server_request_duration_seconds_sum{route=\"\(route)\"} \(histogram.sum)\n"
            out += "label_server_request_duration_seconds_count{route=\"\(route)\"} \(histogram.count)\n"
        }
        /// A family with one unlabelled sample; `nil` leaves it out.
        func single(_ name: String, _ type: String, _ help: String, _ value: CustomStringConvertible?) {
            guard let value else { return }
            family(name, type, help)
            out += "\(name) \(value)\n"
        }
        single("label_server_missing_hits_total", "counter", "Label requests not satisfied in the requested language.", snapshot.missingHits)
        single("label_server_missing_entries", "gauge", "Entries in the missing-key report.", gauges.missingEntries)
        single("label_server_missing_dropped_total", "counter", "Missing hits not recorded because the report was full, the key too long, or the client-reported quota used up.", gauges.missingDropped)
        single("label_server_missing_reported_refused_total", "counter", "Client-reported (POST /missing) items refused because client reports hold their quota of entries.", gauges.missingReportedRefused)
        single("label_server_catalog_strings", "gauge", "Strings loaded, each bundle's copy counted.", gauges.strings)
        single("label_server_catalog_files", "gauge", "Store files read.", gauges.files)
        single("label_server_catalog_tables", "gauge", "Tables in the store.", gauges.tables)
        single("label_server_catalog_languages", "gauge", "Languages in the store.", gauges.languages)
        single("label_server_catalog_bundles", "gauge", "Precomputed (table, language) bundles.", gauges.bundles)
        single("label_server_catalog_loaded_timestamp_seconds", "gauge", "When the catalog being served was loaded.", gauges.loadTimestamp)
        family("label_server_reloads_total", "counter", "Store reloads, by result.")
        out += "label_server_reloads_total{result=\"success\"} \(snapshot.reloads.succeeded)\n"
        out += "label_server_reloads_total{result=\"failure\"} \(snapshot.reloads.failed)\n"
        single("label_server_last_reload_success", "gauge", "1 when the last reload succeeded (or none was tried), 0 when it failed.", snapshot.reloads.lastSuccess ? 1 : 0)
        single("label_server_last_reload_timestamp_seconds", "gauge", "When the last reload was tried (0: never).", snapshot.reloads.lastTimestamp)
        single("label_server_open_connections", "gauge", "Open client connections.", gauges.openConnections)
        return out
    }
}
