import Dispatch
import Foundation
import HTTP1
import HTTPServer
import LabelCore
import LabelServer

/// `label-server serve`: the HTTP API over the store.
enum ServeCommand {
    /// One tunable: flag, environment variable, default, meaning.
    struct Setting {
        var flag: String
        var environment: String
        var defaultValue: String
        var help: String
    }

    static let settings: [Setting] = [
        Setting(flag: "--host", environment: "LABEL_SERVER_HOST", defaultValue: "127.0.0.1", help: "address to listen on"),
        Setting(flag: "--port", environment: "LABEL_SERVER_PORT", defaultValue: "8080", help: "port; 0 picks a free one"),
        Setting(flag: "--event-loops", environment: "LABEL_SERVER_EVENT_LOOPS", defaultValue: "cores", help: "event-loop threads"),
        Setting(flag: "--max-connections", environment: "LABEL_SERVER_MAX_CONNECTIONS", defaultValue: "20000", help: "open connections; more are closed at once"),
        Setting(flag: "--header-timeout", environment: "LABEL_SERVER_HEADER_TIMEOUT", defaultValue: "10", help: "seconds from a request's first byte to its last header (slowloris)"),
        Setting(flag: "--body-timeout", environment: "LABEL_SERVER_BODY_TIMEOUT", defaultValue: "30", help: "seconds to receive a request body"),
        Setting(flag: "--idle-timeout", environment: "LABEL_SERVER_IDLE_TIMEOUT", defaultValue: "60", help: "seconds a keep-alive connection may idle"),
        Setting(flag: "--max-request-line", environment: "LABEL_SERVER_MAX_REQUEST_LINE", defaultValue: "16384", help: "request-line bytes (414 above)"),
        Setting(flag: "--max-header-bytes", environment: "LABEL_SERVER_MAX_HEADER_BYTES", defaultValue: "16384", help: "header-section bytes (431 above)"),
        Setting(flag: "--max-headers", environment: "LABEL_SERVER_MAX_HEADERS", defaultValue: "100", help: "header fields (431 above)"),
        Setting(flag: "--max-body", environment: "LABEL_SERVER_MAX_BODY", defaultValue: "1048576", help: "request-body bytes (413 above)"),
        Setting(flag: "--state-dir", environment: "LABEL_SERVER_STATE_DIR", defaultValue: "state", help: "where the missing-key report is kept (missing.json)"),
        Setting(flag: "--missing-max-entries", environment: "LABEL_SERVER_MISSING_MAX_ENTRIES", defaultValue: "10000", help: "entries in the missing-key report; more are dropped and counted"),
        Setting(flag: "--missing-max-key-bytes", environment: "LABEL_SERVER_MISSING_MAX_KEY_BYTES", defaultValue: "256", help: "longer keys are not recorded (counted)"),
        Setting(flag: "--usage", environment: "LABEL_SERVER_USAGE", defaultValue: "on", help: "count requests per key for GET /usage (STATE-DIR/usage.json): on or off"),
        Setting(flag: "--access-log", environment: "LABEL_SERVER_ACCESS_LOG", defaultValue: "on", help: "one stderr line per request: on or off"),
        Setting(flag: "--shutdown-grace", environment: "LABEL_SERVER_SHUTDOWN_GRACE", defaultValue: "10", help: "seconds to finish in-flight requests on SIGTERM"),
        Setting(flag: "--peers", environment: "LABEL_SERVER_PEERS", defaultValue: "", help: "other replicas, host:port or name:port (all addresses of the name), comma-separated; empty: none"),
        Setting(flag: "--peer-timeout", environment: "LABEL_SERVER_PEER_TIMEOUT", defaultValue: "1", help: "seconds a peer has to answer a fleet read before it is left out"),
        Setting(flag: "--watch", environment: "LABEL_SERVER_WATCH", defaultValue: "on", help: "reload the store when its files change (inotify; ConfigMap symlink swaps): on or off"),
    ]

    static var help: String {
        let lines = settings.map { s in
            "  \(s.flag.padding(toLength: 20, withPad: " ", startingAt: 0)) \(s.help) (\(s.environment), default: \(s.defaultValue))"
        }
        return """
            NAME
              label-server serve — serve the label API over HTTP/1.1

            SYNOPSIS
              label-server [serve] [OPTIONS]

            DESCRIPTION
            Serves the store over HTTP/1.1: GET /labels/{key}, GET /labels, GET/POST/DELETE
            /missing, GET /healthz, GET /readyz, GET /metrics, POST /admin/reload (see
            openapi.yaml). Missing hits are kept in STATE-DIR/missing.json, flushed every
            second and on SIGTERM. The first line printed is
            `listening on http://HOST:PORT`. SIGTERM or SIGINT stop accepting, finish requests
            in flight and exit 0; SIGHUP reloads the store (a broken store keeps the old one).
            Admin routes need `Authorization: Bearer $LABEL_SERVER_ADMIN_TOKEN`; without the
            variable they answer 403.

            OPTIONS:
            \(lines.joined(separator: "\n"))
            \(StoreOptions.help)
              -h, --help           show this help

            ENVIRONMENT
              Every option has the variable shown; LABEL_SERVER_ADMIN_TOKEN enables admin routes.

            EXIT STATUS
              0 after a graceful shutdown, 1 when the store cannot be loaded or the address
              cannot be bound, 2 on a bad option.

            EXAMPLES
              label-server serve --host 0.0.0.0 --port 8080 --state-dir /var/lib/label-server
              LABEL_SERVER_ADMIN_TOKEN=secret label-server serve --access-log off
              kill -HUP $(pidof label-server)      # reload the store
            """
    }

    static func run(_ arguments: [String]) -> Int32 {
        // Two arenas: the loader's threads would otherwise each fragment their own,
        // and RSS ratchets with every reload of a large store. MALLOC_ARENA_MAX wins.
        if ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil {
            ProcessMemory.limitArenas(to: 2)
        }
        let configuration: HTTPServerConfiguration
        let store: StoreOptions
        let grace: Double
        let accessLogOn: Bool
        let usageOn: Bool
        let stateDirectory: String
        let missingMaxEntries: Int
        let missingMaxKeyBytes: Int
        let peers: [PeerEndpoint]
        let peerTimeout: Double
        let watch: Bool
        do {
            let scanner = try ArgumentScanner(arguments, valued: StoreOptions.valued.union(settings.map(\.flag)),
                                              flags: ["--help", "-h"])
            if scanner.has("--help") || scanner.has("-h") {
                print(help)
                return 0
            }
            guard scanner.positionals.isEmpty else {
                throw ArgumentScanner.UsageError(description: "serve takes no arguments (see --help)")
            }
            store = try StoreOptions(scanner)
            let values = SettingValues(scanner: scanner)
            var limits = HTTPParserLimits.default
            limits.maxRequestLineBytes = try values.integer("--max-request-line", in: 64...1 << 20)
            limits.maxHeaderBytes = try values.integer("--max-header-bytes", in: 256...1 << 22)
            limits.maxHeaderCount = try values.integer("--max-headers", in: 1...10_000)
            limits.maxBodyBytes = try values.integer("--max-body", in: 0...1 << 30)
            let timeouts = HTTPConnectionState.Configuration(
                idleTimeout: try values.nanoseconds("--idle-timeout"),
                headerReadTimeout: try values.nanoseconds("--header-timeout"),
                bodyReadTimeout: try values.nanoseconds("--body-timeout")
            )
            let loops = values.raw("--event-loops") == "cores"
                ? HTTPServerConfiguration.coreCount : try values.integer("--event-loops", in: 1...256)
            configuration = HTTPServerConfiguration(
                host: values.raw("--host"),
                port: UInt16(try values.integer("--port", in: 0...65535)),
                eventLoops: loops,
                limits: limits,
                timeouts: timeouts,
                maxConnections: try values.integer("--max-connections", in: 1...1_000_000)
            )
            grace = Double(try values.nanoseconds("--shutdown-grace")) / 1e9
            stateDirectory = values.raw("--state-dir")
            missingMaxEntries = try values.integer("--missing-max-entries", in: 1...10_000_000)
            missingMaxKeyBytes = try values.integer("--missing-max-key-bytes", in: 1...LabelQueryLimits.maximumKeyBytes)
            switch values.raw("--access-log") {
            case "on": accessLogOn = true
            case "off": accessLogOn = false
            default: throw ArgumentScanner.UsageError(description: "--access-log must be on or off")
            }
            switch values.raw("--usage") {
            case "on": usageOn = true
            case "off": usageOn = false
            default: throw ArgumentScanner.UsageError(description: "--usage must be on or off")
            }
            do {
                peers = try PeerEndpoint.parseList(values.raw("--peers"))
            } catch {
                throw ArgumentScanner.UsageError(description: error.description)
            }
            peerTimeout = Double(try values.nanoseconds("--peer-timeout")) / 1e9
            switch values.raw("--watch") {
            case "on": watch = true
            case "off": watch = false
            default: throw ArgumentScanner.UsageError(description: "--watch must be on or off")
            }
        } catch {
            CommandLine.fail("\(error)")
            return 2
        }

        let loaded: LoadedStore
        do {
            loaded = try StoreLoader.load(store.configuration)
        } catch {
            CommandLine.fail("cannot load the store:\n\(error)")
            return 1
        }
        let readiness = Readiness()
        let metrics = Metrics()
        let holder = CatalogHolder(ServiceState(store: loaded))
        let reloader = StoreReloader(configuration: store.configuration, holder: holder, metrics: metrics, log: Log.info)
        let accessLog = accessLogOn ? AccessLog() : nil
        let serverRef = LateBound<HTTPServer>()
        let recorder = MissingKeyRecorder(maxEntries: missingMaxEntries, maxKeyBytes: missingMaxKeyBytes, log: Log.line)
        let missing = MissingReportStore(stateDirectory: URL(fileURLWithPath: stateDirectory, isDirectory: true),
                                         recorder: recorder, log: Log.line)
        missing.startFlushing(every: .seconds(1))
        let usage = usageOn
            ? UsageStore(stateDirectory: URL(fileURLWithPath: stateDirectory, isDirectory: true),
                         current: { holder.state.usage }, log: Log.line)
            : nil
        usage?.startFlushing()
        let token = ProcessInfo.processInfo.environment["LABEL_SERVER_ADMIN_TOKEN"]
        let fleet = peers.isEmpty ? nil : Fleet(endpoints: peers, timeout: peerTimeout, adminToken: token)
        let service = LabelService(
            catalog: holder, readiness: readiness, metrics: metrics, admin: AdminAuthorization(token: token),
            reloader: reloader, accessLog: accessLog, missing: missing, usage: usage,
            openConnections: { serverRef.value?.openConnections }, fleet: fleet)
        // Parser rejections and EMFILE on accept, at most 10 lines a second.
        let serverLog = RateLimitedLog(linesPerSecond: 10, sink: Log.info)
        let server = HTTPServer(configuration: configuration, responder: service, log: serverLog)
        serverRef.set(server)
        let descriptors = OpenFileLimit.raiseToHardLimit()
        if descriptors < configuration.maxConnections + 64 {
            Log.info("the open-file limit is \(descriptors): fewer than --max-connections \(configuration.maxConnections) connections can be held; raise `ulimit -n`")
        }
        let address: SocketAddress
        do {
            address = try server.start()
        } catch {
            CommandLine.fail("cannot listen on \(configuration.host):\(configuration.port): \(error)")
            return 1
        }
        // Unbuffered, so a supervisor or test reading the pipe sees it at once.
        FileHandle.standardOutput.write(Data("listening on http://\(address)\n".utf8))
        Log.info("loaded \(loaded.catalog.stringCount) strings from \(loaded.fileCount) files in \(store.configuration.directory); \(loaded.warnings.count) warnings; \(configuration.eventLoops) event loops")

        if token?.isEmpty ?? true { Log.info("admin routes disabled: LABEL_SERVER_ADMIN_TOKEN is not set") }
        if let fleet {
            fleet.noteListening(on: address)
            // Resolution may wait on DNS: never before the first line, never on a loop.
            DispatchQueue.global().async { fleet.startRefreshing() }
            Log.info("fleet: peers \(peers.map(\.description).joined(separator: ",")), instance \(fleet.instanceID), timeout \(peerTimeout) s")
        }
        let watcher = watch ? StoreWatcher(directory: store.configuration.directory, reload: { reloader.reload() }, log: { Log.info($0) }) : nil
        watcher?.start()
        let signals = SignalHandlers(onReload: {
            Log.info("received SIGHUP; reloading \(store.configuration.directory)")
            reloader.reload()
        }) { signal in
            Log.info("received \(signal); shutting down")
            readiness.set(false)
            server.shutdown()
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
                Log.info("shutdown grace of \(grace) s expired with \(server.openConnections) connections open; exiting")
                missing.stop()
                usage?.stop()
                exit(0)
            }
        }
        server.wait()
        // Nothing recorded before the last response is lost on SIGTERM.
        missing.stop()
        usage?.stop()
        accessLog?.flush()
        watcher?.stop()
        fleet?.stop()
        withExtendedLifetime(signals) {}
        Log.info("stopped")
        return 0
    }
}
