import Clocks
import Foundation
import HTTP1
import HTTPServer
import LabelCore
import MissingKeys
import LabelServer
import RedisClient
import ReportStore

/// Everything `serve` is configured by, from flags, then `LABEL_SERVER_*`
/// environment variables, then defaults. The defaults of the server, parser and
/// report settings are those of the types they configure; only the ones that
/// belong to the executable itself are declared here.
struct ServeConfiguration {
    /// One tunable: flag, environment variable, default, meaning.
    struct Setting {
        var flag: String
        var environment: String
        var defaultValue: String
        var help: String
    }

    /// Where `missing.json` is kept, relative to the working directory.
    static let defaultStateDirectory = "state"
    /// The time to finish in-flight requests after SIGTERM.
    static let defaultShutdownGrace: Duration = .seconds(10)

    var server: HTTPServerConfiguration
    var store: StoreConfiguration
    var shutdownGrace: Duration
    var accessLog: Bool
    var stateDirectory: String
    var missingMaxEntries: Int
    var missingMaxKeyBytes: Int
    /// Report entries clients may create with `POST /missing`; nil: a tenth of the entries.
    var missingMaxReported: Int?
    /// Count requests per key for `GET /usage`.
    var usage: Bool
    /// `LABEL_SERVER_ADMIN_TOKEN`; nil or empty disables the admin routes.
    var adminToken: String?
    /// Other replicas; empty: no fleet.
    var peers: [PeerEndpoint]
    var peerTimeout: Duration
    /// Reload the store when its files change.
    var watch: Bool
    /// `--log-format json`: every log line one JSON object.
    var logJSON: Bool
    /// `--report-store redis://…` (password from `LABEL_SERVER_REPORT_STORE_PASSWORD`): the
    /// report and usage in Redis, shared by every replica; nil keeps them in the state directory.
    var reportStore: RedisEndpoint?
    /// `--report-store-prefix`: every Redis key and the reload channel start with it.
    var reportStorePrefix: String

    static let settings: [Setting] = {
        let server = HTTPServerConfiguration()
        let limits = server.limits
        let timeouts = server.timeouts
        return [
            Setting(flag: "--host", environment: "LABEL_SERVER_HOST", defaultValue: server.host, help: "address to listen on"),
            Setting(flag: "--port", environment: "LABEL_SERVER_PORT", defaultValue: String(server.port), help: "port; 0 picks a free one"),
            Setting(flag: "--event-loops", environment: "LABEL_SERVER_EVENT_LOOPS", defaultValue: "auto",
                    help: "event-loop threads: a number, `auto` (one per core but one, at least one) or `cores`"),
            Setting(flag: "--max-connections", environment: "LABEL_SERVER_MAX_CONNECTIONS", defaultValue: String(server.maxConnections), help: "open connections; more are closed at once"),
            Setting(flag: "--header-timeout", environment: "LABEL_SERVER_HEADER_TIMEOUT", defaultValue: seconds(timeouts.headerReadTimeout), help: "seconds from a request's first byte to its last header (slowloris)"),
            Setting(flag: "--body-timeout", environment: "LABEL_SERVER_BODY_TIMEOUT", defaultValue: seconds(timeouts.bodyReadTimeout), help: "seconds to receive a request body"),
            Setting(flag: "--idle-timeout", environment: "LABEL_SERVER_IDLE_TIMEOUT", defaultValue: seconds(timeouts.idleTimeout), help: "seconds a keep-alive connection may idle"),
            Setting(flag: "--max-request-line", environment: "LABEL_SERVER_MAX_REQUEST_LINE", defaultValue: String(limits.maxRequestLineBytes), help: "request-line bytes (414 above)"),
            Setting(flag: "--max-header-bytes", environment: "LABEL_SERVER_MAX_HEADER_BYTES", defaultValue: String(limits.maxHeaderBytes), help: "header-section bytes (431 above)"),
            Setting(flag: "--max-headers", environment: "LABEL_SERVER_MAX_HEADERS", defaultValue: String(limits.maxHeaderCount), help: "header fields (431 above)"),
            Setting(flag: "--max-body", environment: "LABEL_SERVER_MAX_BODY", defaultValue: String(limits.maxBodyBytes), help: "request-body bytes (413 above)"),
            Setting(flag: "--state-dir", environment: "LABEL_SERVER_STATE_DIR", defaultValue: defaultStateDirectory, help: "where the missing-key report is kept (missing.json)"),
            Setting(flag: "--missing-max-entries", environment: "LABEL_SERVER_MISSING_MAX_ENTRIES", defaultValue: String(MissingKeyRecorder.defaultMaxEntries), help: "entries in the missing-key report; more are dropped and counted"),
            Setting(flag: "--missing-max-reported", environment: "LABEL_SERVER_MISSING_MAX_REPORTED", defaultValue: "auto", help: "report entries clients may create with POST /missing (auto: a tenth of --missing-max-entries); more are refused and counted"),
            Setting(flag: "--missing-max-key-bytes", environment: "LABEL_SERVER_MISSING_MAX_KEY_BYTES", defaultValue: String(MissingKeyRecorder.defaultMaxKeyBytes), help: "longer keys are not recorded (counted)"),
            Setting(flag: "--usage", environment: "LABEL_SERVER_USAGE", defaultValue: "on", help: "count requests per key for GET /usage (STATE-DIR/usage.json): on or off"),
            Setting(flag: "--access-log", environment: "LABEL_SERVER_ACCESS_LOG", defaultValue: "on", help: "one stderr line per request: on or off"),
            Setting(flag: "--shutdown-grace", environment: "LABEL_SERVER_SHUTDOWN_GRACE", defaultValue: seconds(defaultShutdownGrace), help: "seconds to finish in-flight requests on SIGTERM"),
            Setting(flag: "--peers", environment: "LABEL_SERVER_PEERS", defaultValue: "", help: "other replicas, host:port or name:port (all addresses of the name), comma-separated; empty: none"),
            Setting(flag: "--peer-timeout", environment: "LABEL_SERVER_PEER_TIMEOUT", defaultValue: seconds(Fleet.defaultTimeout), help: "seconds, from a request's arrival, for a fleet read's whole fan-out; a peer not done by then is left out"),
            Setting(flag: "--watch", environment: "LABEL_SERVER_WATCH", defaultValue: "on", help: "reload the store when its files change (inotify; ConfigMap symlink swaps): on or off"),
            Setting(flag: "--report-store", environment: "LABEL_SERVER_REPORT_STORE", defaultValue: "",
                    help: "redis://[user@]host[:port][/db]: the missing-key report and usage in Redis, shared by every replica (password: LABEL_SERVER_REPORT_STORE_PASSWORD); empty: STATE-DIR's files"),
            Setting(flag: "--report-store-prefix", environment: "LABEL_SERVER_REPORT_STORE_PREFIX", defaultValue: ReportKeys.defaultPrefix,
                    help: "the start of every Redis key and of the reload channel, so several stores share one Redis"),
            Setting(flag: "--log-format", environment: "LABEL_SERVER_LOG_FORMAT", defaultValue: "text",
                    help: "every log line as text (`TIME level message`) or json (one object a line: time, level, message, fields)"),
        ]
    }()

    /// Reads the configuration; nil when `--help` was asked for.
    init?(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let scanner = try ArgumentScanner(arguments, valued: StoreOptions.valued.union(Self.settings.map(\.flag)),
                                          flags: ["--help", "-h"], section: "serve", environment: environment)
        if scanner.has("--help") || scanner.has("-h") { return nil }
        guard scanner.positionals.isEmpty else {
            throw ArgumentScanner.UsageError(description: "serve takes no arguments (see --help)")
        }
        store = try StoreOptions(scanner, environment: environment).configuration
        let values = SettingValues(scanner: scanner, environment: environment)
        server = try Self.serverConfiguration(values)
        shutdownGrace = try values.duration("--shutdown-grace")
        stateDirectory = values.raw("--state-dir")
        missingMaxEntries = try values.integer("--missing-max-entries", in: 1...MissingKeyRecorder.maximumMaxEntries)
        missingMaxReported = values.raw("--missing-max-reported") == "auto"
            ? nil : try values.integer("--missing-max-reported", in: 1...missingMaxEntries)
        missingMaxKeyBytes = try values.integer("--missing-max-key-bytes", in: 1...LabelQueryLimits.maximumKeyBytes)
        accessLog = try values.onOff("--access-log")
        usage = try values.onOff("--usage")
        adminToken = environment["LABEL_SERVER_ADMIN_TOKEN"]
        do {
            peers = try PeerEndpoint.parseList(values.raw("--peers"))
        } catch {
            throw ArgumentScanner.UsageError(description: error.description)
        }
        peerTimeout = try values.duration("--peer-timeout")
        watch = try values.onOff("--watch")
        (reportStore, reportStorePrefix) = try Self.reportStore(values, environment: environment)
        if reportStore != nil, !peers.isEmpty {
            throw ArgumentScanner.UsageError(description: "--report-store and --peers exclude each other: with the report in Redis every replica answers the same")
        }
        switch values.raw("--log-format") {
        case "text": logJSON = false
        case "json": logJSON = true
        default: throw ArgumentScanner.UsageError(description: "--log-format must be text or json")
        }
    }

    private static func serverConfiguration(_ values: SettingValues) throws(ArgumentScanner.UsageError) -> HTTPServerConfiguration {
        var limits = HTTPParserLimits.default
        limits.maxRequestLineBytes = try values.integer("--max-request-line", in: 64...1 << 20)
        limits.maxHeaderBytes = try values.integer("--max-header-bytes", in: 256...1 << 22)
        limits.maxHeaderCount = try values.integer("--max-headers", in: 1...10_000)
        limits.maxBodyBytes = try values.integer("--max-body", in: 0...1 << 30)
        let timeouts = HTTPConnectionState.Configuration(
            idleTimeout: try values.duration("--idle-timeout"),
            headerReadTimeout: try values.duration("--header-timeout"),
            bodyReadTimeout: try values.duration("--body-timeout")
        )
        let loops = switch values.raw("--event-loops") {
        case "auto": HTTPServerConfiguration.defaultEventLoops
        case "cores": HTTPServerConfiguration.coreCount
        default: try values.integer("--event-loops", in: 1...256)
        }
        return HTTPServerConfiguration(
            host: values.raw("--host"),
            port: UInt16(try values.integer("--port", in: 0...65535)),
            eventLoops: loops,
            limits: limits,
            timeouts: timeouts,
            maxConnections: try values.integer("--max-connections", in: 1...1_000_000)
        )
    }

    /// The Redis endpoint and key prefix; the password only from the environment, never echoed.
    private static func reportStore(_ values: SettingValues, environment: [String: String]) throws(ArgumentScanner.UsageError)
        -> (RedisEndpoint?, String) {
        let prefix = values.raw("--report-store-prefix")
        guard !prefix.isEmpty, prefix.utf8.count <= 200, !prefix.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            throw ArgumentScanner.UsageError(description: "--report-store-prefix must be 1 to 200 printable characters without spaces")
        }
        let url = values.raw("--report-store")
        guard !url.isEmpty else { return (nil, prefix) }
        do {
            return (try RedisEndpoint(url: url, password: environment["LABEL_SERVER_REPORT_STORE_PASSWORD"]), prefix)
        } catch {
            throw ArgumentScanner.UsageError(description: "--report-store: \(error)")
        }
    }

    /// `10` for ten seconds, `0.5` for half of one, as the help shows defaults.
    private static func seconds(_ duration: Duration) -> String {
        let value = duration.inSeconds
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
