import Foundation
import HTTPServer
import LabelCore
import MissingKeys
import LabelServer
import HTTP1
import Sockets
import TestSupport

/// The real label server (``LabelService`` on ``EpollServer``) over the
/// repository's `Strings/`, on an ephemeral 127.0.0.1 port, with a
/// missing-key report in a temporary folder.
final class ClientTestServer: Sendable {
    let port: UInt16
    let missing: MissingReportStore
    private let server: EpollServer
    private let holder: CatalogHolder

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The `timeout` of a launch that must reach the server, in seconds. Swift Testing
    /// starts every suite at once: on two cores a launch can wait seconds for a thread
    /// while the parity sweeps run, so a short timeout would fail for load, not for a bug.
    /// Tests of the deadline itself use a stalled server and a short timeout of their own.
    static let patience: TimeInterval = 120

    /// The repository's own `Strings/`, found from this file's path.
    static var bundledStore: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strings", isDirectory: true)
    }

    static let loaded: Result<LoadedStore, StoreLoadError> = Result { () throws(StoreLoadError) in
        try StoreLoader.load(StoreConfiguration(directory: bundledStore.path))
    }

    /// - Parameter store: A loaded store; the repository's `Strings/` by default.
    init(store: LoadedStore? = nil) throws {
        let loaded = try store ?? Self.loaded.get()
        missing = MissingReportStore(stateDirectory: temporaryDirectory(), recorder: MissingKeyRecorder())
        holder = CatalogHolder(ServiceState(store: loaded))
        let service = LabelService(catalog: holder, missing: missing)
        server = EpollServer(
            // The parity sweep opens its raw connection before its first client fetch and
            // fetches again between its requests: on a busy box a fetch can outlast the 10 s a
            // silent new connection is given and the 60 s an idle one is (the connection closed
            // under the full suite beside parallel builds), so the test server waits longer.
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1,
                                                   timeouts: .init(idleTimeout: .seconds(600), headerReadTimeout: .seconds(600)),
                                                   linger: .milliseconds(200)),
            responder: service)
        port = try server.start().port
    }

    /// Serves `store` from now on, as a reload does.
    func replace(store: LoadedStore) {
        _ = holder.replace(with: ServiceState(store: store))
    }

    func stop() {
        server.shutdown()
        _ = server.wait(seconds: 5)
    }
}

/// A fresh folder, removed when the test process exits: tests hand these folders to
/// clients and servers that outlive the test (the shared server's report).
func temporaryDirectory() -> URL {
    TemporaryFolder.make("label-client-tests")
}
