import Clocks
import Foundation
import HTTPServer
import LabelCore
import MissingKeys
import LabelServer
import HTTP1
import Sockets

/// The running parts of `serve`, wired together from its configuration and the
/// loaded store: the service, the server it is handed to, and what they share.
struct ServeComponents {
    let readiness = Readiness()
    let reloader: StoreReloader
    let accessLog: AccessLog?
    let missing: MissingReportStore
    /// Requests per key for `GET /usage` (`--usage on`).
    let usage: UsageStore?
    let server: EpollServer
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
        let stateDirectory = URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)
        missing = MissingReportStore(stateDirectory: stateDirectory, recorder: recorder, log: Log.line)
        usage = configuration.usage
            ? UsageStore(stateDirectory: stateDirectory, current: { holder.state.usage }, log: Log.line)
            : nil
        let reloader = reloader
        watchers = fingerprints.map { folder, fingerprint in
            StoreWatcher(directory: folder, loaded: fingerprint, reload: { reloader.reload() }, log: { Log.info($0) })
        }
        // The service reports the server's connection count; the server needs the service first.
        let serverRef = LateBound<EpollServer>()
        let service = LabelService(
            catalog: holder, readiness: readiness, metrics: metrics, admin: AdminAuthorization(token: configuration.adminToken),
            reloader: reloader, accessLog: accessLog, missing: missing, usage: usage,
            openConnections: { serverRef.value?.openConnections })
        // Parser rejections and EMFILE on accept, at most 10 lines a second.
        let serverLog = RateLimitedLog(linesPerSecond: 10, sink: Log.info)
        server = EpollServer(configuration: configuration.server, responder: service, log: serverLog)
        serverRef.set(server)
    }

    /// The folders `--watch` watches: the store folder when some bundle lies in it, and
    /// each bundle given by path (`--resources`).
    static func watchedFolders(_ store: StoreConfiguration) -> [String] {
        let inStore = store.bundles.contains { store.bundleFolders[$0] == nil }
        return (inStore ? [store.directory] : []) + store.bundles.compactMap { store.bundleFolders[$0] }
    }

    /// Starts the report's flushing and the server's loops.
    func start() throws(SystemError) -> SocketAddress {
        missing.startFlushing(every: .seconds(1))
        usage?.startFlushing()
        let descriptors = OpenFileLimit.raiseToHardLimit()
        let maxConnections = server.configuration.maxConnections
        if descriptors < maxConnections + 64 {
            Log.info("the open-file limit is \(descriptors): fewer than --max-connections \(maxConnections) connections can be held; raise `ulimit -n`")
        }
        return try server.start()
    }

    /// What starts once the address is known: the watchers.
    func startAfterListening() {
        for watcher in watchers { watcher.start() }
    }

    /// After the server has stopped (or its grace expired): nothing recorded before
    /// the last response is lost, and the background work ends.
    /// - Returns: false when the missing-key report could not be written.
    func finish() -> Bool {
        let flushed = missing.stop()
        usage?.stop()
        accessLog?.flush()
        for watcher in watchers { watcher.stop() }
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
