import Sockets
import TestSupport
import Foundation
import HTTPServer
import LabelCore
import LabelServer
import Testing

/// The real ``LabelService`` over the repository's bundled `Strings/`, served by a real
/// ``EpollServer`` on an ephemeral 127.0.0.1 port for the length of one test (``with(_:)``),
/// or answering in process through the server's parser and encoder (``inProcess(_:)``).
struct LabelTestServer {
    /// The socket's port (0 in process).
    let port: UInt16
    let readiness: Readiness
    /// Set in process: requests never touch a socket.
    var client: InProcessClient?

    /// The repository's own `Strings/`, found from this file's path.
    static var bundledStore: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strings").path
    }

    /// Loaded once: every test serves the same catalog.
    static let catalog: Result<CatalogHolder, StoreLoadError> = Result { () throws(StoreLoadError) in
        let loaded = try StoreLoader.load(StoreConfiguration(directory: bundledStore))
        return CatalogHolder(ServiceState(store: loaded))
    }

    static func with<R>(_ body: (LabelTestServer) throws -> R) throws -> R {
        let readiness = Readiness()
        let service = LabelService(catalog: try catalog.get(), readiness: readiness)
        let server = EpollServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 2,
                                                   linger: .milliseconds(500)),
            responder: service)
        let address = try server.start()
        defer {
            server.shutdown()
            #expect(server.wait(seconds: 3), "the server did not finish within 3 s of shutdown()")
        }
        return try body(LabelTestServer(port: address.port, readiness: readiness))
    }

    /// The service without a socket, for tests of what it answers.
    static func inProcess<R>(_ body: (LabelTestServer) throws -> R) throws -> R {
        let readiness = Readiness()
        let service = LabelService(catalog: try catalog.get(), readiness: readiness)
        return try body(LabelTestServer(port: 0, readiness: readiness, client: InProcessClient(service)))
    }

    /// Sends `GET target` (plus extra header lines) on a new connection, or in process, and reads the response.
    func get(_ target: String, _ extra: String = "", method: String = "GET") throws -> RawResponse {
        let request = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n"
        if let client { return try client.exchange(request) }
        return try RawClient(port: port).exchange(request, head: method == "HEAD")
    }
}

extension RawResponse {
    /// The body as a JSON object; nil when it is not one.
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}
