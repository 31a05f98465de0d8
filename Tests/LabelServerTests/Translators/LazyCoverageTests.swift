import Foundation
import HTTPServer
import LabelCore
@testable import LabelServer
import Sockets
import TestSupport
import Testing

/// Coverage is computed off the start-up path; a request that needs it first waits on a
/// worker, never on the event loop, and gets the very bytes it would have got anyway.
struct LazyCoverageTests {
    private static func store() throws -> LoadedStore {
        try StoreLoader.load(StoreConfiguration(directory: LabelTestServer.bundledStore))
    }

    @Test func theSlotComputesWhatCoverageComputesAtLoad() throws {
        let loaded = try Self.store()
        let state = ServiceState(store: loaded, coverageInBackground: false)
        #expect(!state.coverageIsReady)
        #expect(state.coverage == Coverage(catalog: loaded.catalog))
        #expect(state.coverageIsReady)
    }

    @Test func theBackgroundWorkerMakesItReady() throws {
        let state = ServiceState(store: try Self.store())
        let deadline = Date().addingTimeInterval(10)
        while !state.coverageIsReady, Date() < deadline { usleep(1_000) }
        #expect(state.coverageIsReady)
    }

    @Test func requestsBeforeCoverageIsReadyAreAnsweredFromAWorkerWithTheSameBytes() throws {
        let loaded = try Self.store()
        // `/missing` is deferred too (its page shows coverage); without a report it is a 404 either way.
        let targets = ["/coverage", "/coverage?lang=de", "/coverage?format=html", "/missing", "/missing?format=json"]
        var answers: [(status: Int, body: [UInt8])] = []
        for ready in [false, true] {
            let holder = CatalogHolder(ServiceState(store: loaded, coverageInBackground: false))
            if ready { _ = holder.state.coverage }
            let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                                     responder: LabelService(catalog: holder))
            let port = try server.start().port
            defer {
                server.shutdown()
                #expect(server.wait(seconds: 3))
            }
            #expect(holder.state.coverageIsReady == ready)
            for target in targets {
                let response = try RawClient(port: port).exchange("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")
                #expect(response.status == (target.hasPrefix("/coverage") ? 200 : 404), "\(target)")
                answers.append((response.status, response.body))
            }
            #expect(holder.state.coverageIsReady)
        }
        #expect(answers[..<targets.count].elementsEqual(answers[targets.count...]) { $0.status == $1.status && $0.body == $1.body })
    }
}
