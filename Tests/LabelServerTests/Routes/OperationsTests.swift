import Foundation
import HTTP1
import HTTPServer
import Testing
@testable import LabelCore
@testable import LabelServer

/// Admin, reload and metrics through the service, without sockets.
@Suite struct OperationsTests {
    /// A private copy of the bundled store that a test may break.
    static func copyOfBundledStore() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: LabelTestServer.bundledStore, toPath: copy.path)
        return copy
    }

    static func service(store: URL, token: String? = "s3cret") throws -> (LabelService, StoreReloader, Metrics) {
        let configuration = StoreConfiguration(directory: store.path)
        let holder = CatalogHolder(ServiceState(store: try StoreLoader.load(configuration)))
        let metrics = Metrics()
        let reloader = StoreReloader(configuration: configuration, holder: holder, metrics: metrics, log: { _ in })
        let service = LabelService(catalog: holder, metrics: metrics, admin: AdminAuthorization(token: token), reloader: reloader)
        return (service, reloader, metrics)
    }

    static func request(_ method: HTTPMethod, _ target: String, _ headers: HTTPHeaders = [:]) -> HTTPRequest {
        HTTPRequest(method: method, target: target, headers: headers)
    }

    @Test func adminRoutesAreForbiddenWithoutAConfiguredToken() throws {
        let store = try Self.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, _) = try Self.service(store: store, token: nil)
        let response = service.respond(to: Self.request(.post, "/admin/reload", ["Authorization": "Bearer anything"]))
        #expect(response.status == .forbidden)
        #expect(LabelBundlesTests.errorCode(response) == "admin_disabled")
    }

    @Test func aMissingOrWrongTokenIs401AndTheRightOneReloads() throws {
        let store = try Self.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, _) = try Self.service(store: store)
        for headers: HTTPHeaders in [[:], ["Authorization": "Bearer s3cre"], ["Authorization": "Bearer s3cret!"]] {
            let response = service.respond(to: Self.request(.post, "/admin/reload", headers))
            #expect(response.status == .unauthorized)
            #expect(LabelBundlesTests.errorCode(response) == "unauthorized")
        }
        #expect(service.respond(to: Self.request(.post, "/admin/reload", ["Authorization": "Bearer s3cret"])).status == .ok)
        let wrongMethod = service.respond(to: Self.request(.get, "/admin/reload"))
        #expect(wrongMethod.status == .methodNotAllowed)
        #expect(LabelBundlesTests.errorCode(wrongMethod) == "method_not_allowed")
    }

    @Test func constantTimeComparisonAgreesWithEquality() {
        let token = Array("token".utf8)
        for candidate in ["token", "toke", "tokens", "", "TOKEN", "tokeN"] {
            #expect(AdminAuthorization.constantTimeEquals(Array(candidate.utf8), token) == (candidate == "token"))
        }
    }

    @Test func aReloadPicksUpChangedStrings() throws {
        let store = try Self.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, reloader, _) = try Self.service(store: store)
        let file = store.appendingPathComponent("framework/fr.lproj/Localizable.strings")
        try (try String(contentsOf: file, encoding: .utf8) + "\n\"added.by.reload\" = \"Ajouté\";\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(service.respond(to: Self.request(.get, "/labels/added.by.reload?lang=fr")).body.count > 0)
        guard case .success = reloader.reload() else { Issue.record("reload failed"); return }
        let body = String(decoding: service.respond(to: Self.request(.get, "/labels/added.by.reload?lang=fr")).body, as: UTF8.self)
        #expect(body.contains("\"value\":\"Ajouté\""))
    }

    @Test func aBrokenStoreOnReloadKeepsTheOldCatalogServingAndIsReported() throws {
        let store = try Self.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, metrics) = try Self.service(store: store)
        try Data("\"broken\" = \"no end;\n".utf8).write(to: store.appendingPathComponent("app/de.lproj/Localizable.strings"))
        let response = service.respond(to: Self.request(.post, "/admin/reload", ["Authorization": "Bearer s3cret"]))
        #expect(response.status.code == 422)
        #expect(String(decoding: response.body, as: UTF8.self).contains("app/de.lproj/Localizable.strings:1:"))
        let label = String(decoding: service.respond(to: Self.request(.get, "/labels/control.back.label?lang=de")).body, as: UTF8.self)
        #expect(label.contains("Zurück zur vorherigen Seite"))
        let text = metrics.render(.init(strings: 0, files: 0, tables: 0, languages: 0, bundles: 0, loadTimestamp: 0))
        #expect(text.contains("label_server_reloads_total{result=\"failure\"} 1"))
        #expect(text.contains("label_server_last_reload_success 0"))
    }

    @Test func metricsCountRequestsByRouteAndStatusWithBoundedLabels() throws {
        let store = try Self.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, _) = try Self.service(store: store)
        _ = service.respond(to: Self.request(.get, "/labels/coins.count?lang=de&count=2"))
        _ = service.respond(to: Self.request(.get, "/labels/no.such.key?lang=de"))
        _ = service.respond(to: Self.request(.get, "/random/6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        _ = service.respond(to: HTTPParseError(.invalidMethod))
        _ = service.respond(to: HTTPConnectionState.ReadTimeout.head)
        let body = String(decoding: service.respond(to: Self.request(.get, "/metrics")).body, as: UTF8.self)
        #expect(body.contains(#"label_server_requests_total{route="/labels/{key}",status="200"} 2"#))
        #expect(body.contains(#"label_server_requests_total{route="other",status="404"} 1"#))
        #expect(body.contains(#"label_server_requests_total{route="unparsed",status="400"} 1"#))
        #expect(body.contains(#"label_server_requests_total{route="unparsed",status="408"} 1"#))
        #expect(body.contains("label_server_missing_hits_total 1"))
        #expect(body.contains("label_server_catalog_strings 418") || body.contains("label_server_catalog_strings "))
        #expect(body.contains(#"label_server_request_duration_seconds_bucket{route="/labels/{key}",le="+Inf"} 2"#))
        #expect(!body.contains("random"))
    }
}

@Suite struct MethodTests {
    /// A 5xx is never the answer to a client's request: an unrecognized method
    /// (`QUERY`, `BREW`) on a route gets 405 with `Allow`, as schemathesis expects.
    @Test func anUnrecognizedMethodOnARouteIs405WithAllow() throws {
        let service = LabelService(catalog: try LabelTestServer.catalog.get())
        for method in [HTTPMethod("QUERY"), HTTPMethod("BREW"), .put] {
            let response = service.respond(to: HTTPRequest(method: method, target: "/labels/x"))
            #expect(response.status == .methodNotAllowed)
            #expect(LabelBundlesTests.errorCode(response) == "method_not_allowed")
            #expect(response.headers.first(.allow) == "GET, HEAD")
        }
    }
}
