import Dispatch
import Foundation
import HTTPServer
import LabelCore
import Sockets
import Synchronization
import Testing
import TestSupport
@testable import LabelServer
import HTTP1

/// Reload runs on the reloader's worker, never on an event loop, and frees what it replaced.
@Suite struct ReloadTests {
    /// A load that tells the test it has started and then waits for the test's go.
    final class Gate: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)

        func load(_ configuration: StoreConfiguration, _ expected: Set<String>) throws(StoreLoadError) -> LoadedStore {
            entered.signal()
            _ = proceed.wait(timeout: .now() + 60)
            return try StoreLoader.load(configuration, expectedBundles: expected)
        }
    }

    /// With ONE event loop, a `POST /admin/reload` whose load is held in progress leaves that
    /// loop serving: another connection's label request gets its 200 from the old catalog,
    /// and the reload's own answer comes once the load finishes. (No timing: the load is
    /// provably still running, because it waits for the test.)
    @Test func aRequestIsAnsweredOnTheOnlyLoopWhileAnAdminReloadIsInProgress() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let configuration = StoreConfiguration(directory: store.path)
        let holder = CatalogHolder(ServiceState(store: try StoreLoader.load(configuration)))
        let gate = Gate()
        let reloader = StoreReloader(configuration: configuration, holder: holder, metrics: Metrics(), log: { _ in },
                                     load: { configuration, expected throws(StoreLoadError) in
                                         try gate.load(configuration, expected)
                                     })
        let service = LabelService(catalog: holder, admin: AdminAuthorization(token: "s3cret"), reloader: reloader)
        let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                                 responder: service)
        let port = try server.start().port
        defer {
            gate.proceed.signal()
            server.shutdown()
            _ = server.wait(seconds: 5)
        }

        let admin = try RawClient(port: port, timeout: 60)
        try admin.send("POST /admin/reload HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer s3cret\r\nContent-Length: 0\r\n\r\n")
        #expect(gate.entered.wait(timeout: .now() + 60) == .success, "the reload never started")

        let during = try RawClient(port: port, timeout: 30)
            .exchange("GET /labels/control.back.label?lang=de HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(during.status == 200)
        #expect(String(decoding: during.body, as: UTF8.self).contains("Zurück zur vorherigen Seite"))
        #expect(!admin.isReadable(within: 0), "the reload answered before its load finished")

        gate.proceed.signal()
        let answer = try admin.readResponse()
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self).hasPrefix(#"{"status":"reloaded","strings":"#))
    }

    /// SIGHUP's path: a background reload swaps the new state in and calls back with it.
    @Test func aBackgroundReloadServesTheNewStoreAndReportsIt() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, reloader, _) = try OperationsTests.service(store: store)
        let file = store.appendingPathComponent("framework/fr.lproj/Localizable.strings")
        try (try String(contentsOf: file, encoding: .utf8) + "\n\"added.by.reload\" = \"Ajouté\";\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<ServiceState, StoreLoadError>?>(nil)
        reloader.reloadInBackground { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        guard case .success(let state)? = outcome.withLock({ $0 }) else { Issue.record("reload failed"); return }
        #expect(ObjectIdentifier(service.holder.state.box) == ObjectIdentifier(state.box))
        let body = String(decoding: service.respond(to: OperationsTests.request(.get, "/labels/added.by.reload?lang=fr")).body,
                          as: UTF8.self)
        #expect(body.contains("\"value\":\"Ajouté\""))
    }

    /// The state a reload replaces is freed by the reloader once no request holds it,
    /// not later by whichever event loop drops it last.
    @Test func theReplacedStateIsFreedWhenTheReloadReturns() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, reloader, _) = try OperationsTests.service(store: store)
        weak let previous = Self.box(of: service.holder)
        #expect(previous != nil)
        guard case .success = reloader.reload() else { Issue.record("reload failed"); return }
        #expect(previous == nil, "the previous catalog is still alive after the reload returned")
    }

    private static func box(of holder: CatalogHolder) -> AnyObject { holder.state.box }
}
