import Foundation
import HTTPServer
import LabelCore
import LabelServer

/// The running parts of `serve`, wired together from its configuration and the
/// loaded store: the service, the server it is handed to, and what they share.
struct ServeComponents {
    let readiness = Readiness()
    let reloader: StoreReloader
    let accessLog: AccessLog?
    let missing: MissingReportStore
    let server: EpollServer

    init(configuration: ServeConfiguration, loaded: LoadedStore) {
        let metrics = Metrics()
        let holder = CatalogHolder(ServiceState(store: loaded))
        reloader = StoreReloader(configuration: configuration.store, holder: holder, metrics: metrics, log: Log.info)
        accessLog = configuration.accessLog ? AccessLog() : nil
        let recorder = MissingKeyRecorder(maxEntries: configuration.missingMaxEntries,
                                          maxKeyBytes: configuration.missingMaxKeyBytes, log: Log.line)
        missing = MissingReportStore(stateDirectory: URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true),
                                     recorder: recorder, log: Log.line)
        // The service reports the server's connection count; the server needs the service first.
        let serverRef = LateBound<EpollServer>()
        let service = LabelService(
            catalog: holder, readiness: readiness, metrics: metrics, admin: AdminAuthorization(token: configuration.adminToken),
            reloader: reloader, accessLog: accessLog, missing: missing, openConnections: { serverRef.value?.openConnections })
        server = EpollServer(configuration: configuration.server, responder: service)
        serverRef.set(server)
    }

    /// Starts the report's flushing and the server's loops.
    func start() throws(SystemError) -> SocketAddress {
        missing.startFlushing(every: .seconds(1))
        let descriptors = OpenFileLimit.raiseToHardLimit()
        let maxConnections = server.configuration.maxConnections
        if descriptors < maxConnections + 64 {
            Log.info("the open-file limit is \(descriptors): fewer than --max-connections \(maxConnections) connections can be held; raise `ulimit -n`")
        }
        return try server.start()
    }

    /// Blocks until the server has finished, or until `grace` seconds after a
    /// stop was requested if requests are still in flight by then.
    func waitUntilStopped(stop: StopRequest, grace: Double) {
        while !server.wait(seconds: 0.25) {
            guard let asked = stop.requestedAt, ContinuousClock.now - asked > .seconds(grace) else { continue }
            Log.info("shutdown grace of \(grace) s expired with \(server.openConnections) connections open; exiting")
            return
        }
    }
}
