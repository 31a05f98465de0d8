import Clocks
import Foundation
import HTTPServer
import LabelCore
import MissingKeys
import LabelServer
import RedisClient
import ReportStore
import HTTP1
import Sockets

/// The running parts of `serve`, wired together from its configuration and the
/// loaded store: the service, the server it is handed to, and what they share.
struct ServeComponents {
    let readiness = Readiness()
    let reloader: StoreReloader
    let accessLog: AccessLog?
    /// The report in STATE-DIR (nil with `--report-store`).
    let missing: MissingReportStore?
    /// Requests per key for `GET /usage` (`--usage on`) in STATE-DIR (nil with `--report-store`).
    let usage: UsageStore?
    /// The report and usage in Redis (`--report-store`).
    let reportStore: RedisReportStore?
    let server: EpollServer
    /// The other replicas, when `--peers` names some.
    let fleet: Fleet?
    /// Reloads the store when its files change (`--watch on`).
    /// One per watched folder: the store folder and each `--resources` folder.
    let watchers: [StoreWatcher]

    /// - Parameter fingerprints: each watched folder's (``watchedFolders(_:)``), taken before
    ///   `loaded` was read (`--watch on`).
    init(configuration: ServeConfiguration, loaded: LoadedStore, fingerprints: [(String, StoreFingerprint)]) {
        let metrics = Metrics()
        let holder = CatalogHolder(ServiceState(store: loaded))
        reloader = StoreReloader(configuration: configuration.store, holder: holder, metrics: metrics, log: Log.info)
        accessLog = configuration.accessLog ? (configuration.logJSON ? AccessLog(sink: Log.accessJSON) : AccessLog()) : nil
        let recorder = MissingKeyRecorder(maxEntries: configuration.missingMaxEntries,
                                          maxKeyBytes: configuration.missingMaxKeyBytes,
                                          maxReportedEntries: configuration.missingMaxReported, log: Log.line)
        reportStore = Self.reportStore(configuration, limits: recorder.limits, holder: holder)
        let stateDirectory = URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)
        missing = reportStore != nil ? nil : MissingReportStore(stateDirectory: stateDirectory, recorder: recorder, log: Log.line)
        usage = configuration.usage && reportStore == nil
            ? UsageStore(stateDirectory: stateDirectory, current: { holder.state.usage }, log: Log.line)
            : nil
        fleet = configuration.peers.isEmpty ? nil
            : Fleet(endpoints: configuration.peers, timeout: configuration.peerTimeout, adminToken: configuration.adminToken)
        let reloader = reloader
        watchers = fingerprints.map { folder, fingerprint in
            StoreWatcher(directory: folder, loaded: fingerprint, reload: { reloader.reload() }, log: { Log.info($0) })
        }
        // The service reports the server's connection count; the server needs the service first.
        let serverRef = LateBound<EpollServer>()
        let service = LabelService(
            catalog: holder, readiness: readiness, metrics: metrics, admin: AdminAuthorization(token: configuration.adminToken),
            reloader: reloader, accessLog: accessLog, missing: missing, usage: usage,
            openConnections: { serverRef.value?.openConnections }, fleet: fleet.map { .fleet($0) } ?? .single,
            sharedReport: reportStore)
        // Parser rejections and EMFILE on accept, at most 10 lines a second.
        let serverLog = RateLimitedLog(linesPerSecond: 10, sink: Log.info)
        server = EpollServer(configuration: configuration.server, responder: service, log: serverLog)
        serverRef.set(server)
    }

    /// The Redis-backed report (`--report-store`), bounded like the local one.
    private static func reportStore(_ configuration: ServeConfiguration, limits: MissingReport.Limits,
                                    holder: CatalogHolder) -> RedisReportStore? {
        guard let endpoint = configuration.reportStore else { return nil }
        let settings = RedisReportStore.Configuration(endpoint: endpoint, keys: ReportKeys(prefix: configuration.reportStorePrefix),
                                                      limits: limits, countsUsage: configuration.usage)
        return RedisReportStore(configuration: settings, usageCounters: { holder.state.usage }, log: Log.line)
    }

    /// Why `serve` cannot start: a sentence for the command line.
    struct StartFailure: Error {
        var message: String
    }

    /// ``start()`` after the report store's access check (``reportStoreRefusal()``).
    func startListening() -> Result<SocketAddress, StartFailure> {
        if let refusal = reportStoreRefusal() { return .failure(StartFailure(message: refusal)) }
        do {
            return .success(try start())
        } catch {
            let server = self.server.configuration
            return .failure(StartFailure(message: "cannot listen on \(server.host):\(server.port): \(error)"))
        }
    }

    /// Why the report store refuses this server (a wrong password, missing permissions), or nil;
    /// an unreachable Redis is no refusal (logged once, hits are buffered).
    func reportStoreRefusal() -> String? {
        guard let store = reportStore else { return nil }
        do {
            try store.checkAccess()
            return nil
        } catch {
            let endpoint = store.configuration.endpoint, prefix = store.configuration.keys.prefix
            let user = endpoint.user.map { "user \"\($0)\"" } ?? "the default user"
            return "the report store \(endpoint) refused \(user): \(error) (check LABEL_SERVER_REPORT_STORE_PASSWORD and the user's ACL: ~\(prefix)* keys, &\(prefix)* channels, +@read +@write +@scripting +publish +subscribe)"
        }
    }

    /// The folders `--watch` watches: the store folder when some bundle lies in it, and
    /// each bundle given by path (`--resources`).
    static func watchedFolders(_ store: StoreConfiguration) -> [String] {
        let inStore = store.bundles.contains { store.bundleFolders[$0] == nil }
        return (inStore ? [store.directory] : []) + store.bundles.compactMap { store.bundleFolders[$0] }
    }

    /// Starts the report's flushing and the server's loops.
    func start() throws(SystemError) -> SocketAddress {
        missing?.startFlushing(every: .seconds(1))
        usage?.startFlushing()
        reportStore?.startFlushing(every: .seconds(1))
        let descriptors = OpenFileLimit.raiseToHardLimit()
        let maxConnections = server.configuration.maxConnections
        if descriptors < maxConnections + 64 {
            Log.info("the open-file limit is \(descriptors): fewer than --max-connections \(maxConnections) connections can be held; raise `ulimit -n`")
        }
        return try server.start()
    }

    /// What starts once the address is known: the fleet's peer resolution (which may
    /// wait on DNS, so never before the first line and never on a loop) and the watcher.
    func startAfterListening(on address: SocketAddress) {
        if let fleet {
            fleet.noteListening(on: address)
            fleet.startRefreshing()
            Log.info("fleet: peers \(fleet.endpoints.map(\.description).joined(separator: ",")), instance \(fleet.instanceID), timeout \(fleet.timeout.inSeconds) s")
        }
        for watcher in watchers { watcher.start() }
        // A reload asked of another replica (`POST /admin/reload`) reaches this one through Redis.
        let reloader = reloader
        reportStore?.startSubscribing { reloader.reloadInBackground() }
    }

    /// After the server has stopped (or its grace expired): nothing recorded before
    /// the last response is lost, and the background work ends.
    /// - Returns: false when the missing-key report could not be written.
    func finish() -> Bool {
        let flushed = missing?.stop() ?? reportStore?.stop(within: .seconds(5)) ?? true
        usage?.stop()
        reportStore?.close()
        accessLog?.flush()
        for watcher in watchers { watcher.stop() }
        fleet?.stop()
        return flushed
    }

    /// Blocks until the server has finished, or until `grace` seconds after a
    /// stop was requested if requests are still in flight by then.
    func waitUntilStopped(stop: StopRequest, grace: Duration) {
        while !server.wait(seconds: 0.25) {
            guard let asked = stop.requestedAt, ContinuousClock.now - asked > grace else { continue }
            Log.info("shutdown grace of \(grace.inSeconds) s expired with \(server.openConnections) connections open; exiting")
            return
        }
    }
}
