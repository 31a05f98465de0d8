import Dispatch
import Foundation
import HTTP1
import LabelCore
import Testing
@testable import LabelServer

/// One route table drives dispatch, 405 + `Allow`, `OPTIONS *` and the metrics' route labels.
@Suite struct RouteTableTests {
    static func service() throws -> LabelService {
        LabelService(catalog: try LabelTestServer.catalog.get())
    }

    @Test func everyRouteAnswersAnotherMethodWith405ListingItsOwnMethods() throws {
        let service = try Self.service()
        for route in LabelService.routes {
            let path: String
            switch route.path {
            case .exact(let exact): path = exact
            case .parameter(let prefix, _): path = prefix + "x"
            }
            let response = service.respond(to: HTTPRequest(method: HTTPMethod("BREW"), target: path))
            #expect(response.status == .methodNotAllowed, "\(path)")
            #expect(LabelBundlesTests.errorCode(response) == "method_not_allowed")
            #expect(response.headers.first(.allow) == route.allow)
        }
    }

    @Test func theAllowValuesAreTheOnesTheAPIDocuments() {
        let allows = Dictionary(uniqueKeysWithValues: LabelService.routes.map { ($0.label, $0.allow) })
        #expect(allows["/labels/{key}"] == "GET, HEAD")
        #expect(allows["/missing"] == "GET, HEAD, POST, DELETE")
        #expect(allows["/admin/reload"] == "POST")
        #expect(LabelService.serverMethods == "GET, HEAD, POST, DELETE, OPTIONS")
    }

    @Test func pathsMatchExactlyOrByTheirPrefixAndUnknownPathsAre404() throws {
        #expect(LabelService.route(for: "/labels")?.index == 1)
        #expect(LabelService.route(for: "/labels/a.b")?.index == 0)
        let keyPath = "/labels/a.b"
        #expect(LabelService.route(for: keyPath).map { keyPath[$0.parameterStart...] } == "a.b")
        #expect(LabelService.route(for: "/labelsx") == nil)
        #expect(LabelService.route(for: "/healthz/") == nil)
        let response = try Self.service().respond(to: HTTPRequest(method: .get, target: "/healthzz"))
        #expect(response.status == .notFound)
        #expect(LabelBundlesTests.errorCode(response) == "not_found")
    }

    @Test func metricsLabelsAreTheTablesThenOtherAndUnparsed() throws {
        #expect(Metrics.Route.labels == LabelService.routes.map(\.label) + ["other", "unparsed"])
        let service = try Self.service()
        _ = service.respond(to: HTTPRequest(method: .get, target: "/labels/coins.count?lang=de&count=2"))
        _ = service.respond(to: HTTPRequest(method: .get, target: "/nope"))
        _ = service.respond(to: HTTPRequest(method: .options, target: "*"))
        let body = String(decoding: service.respond(to: HTTPRequest(method: .get, target: "/metrics")).body, as: UTF8.self)
        #expect(body.contains(#"label_server_requests_total{route="/labels/{key}",status="200"} 1"#))
        #expect(body.contains(#"label_server_requests_total{route="other",status="404"} 1"#))
        #expect(body.contains(#"label_server_requests_total{route="other",status="200"} 1"#))
        #expect(!body.contains("/nope"))
    }
}

/// The request counters are per thread, summed at scrape time: nothing is lost under concurrency.
@Suite struct MetricsCountersTests {
    @Test func countsFromManyThreadsAddUpExactly() {
        let metrics = Metrics()
        let threads = 8
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                metrics.record(route: Metrics.Route(index: index % 2), status: thread % 2 == 0 ? 200 : 404,
                               seconds: 0.000_02)
                if index % 10 == 0 { metrics.recordMissingHit() }
            }
        }
        let text = metrics.render(Metrics.Gauges(strings: 0, files: 0, tables: 0, languages: 0, bundles: 0, loadTimestamp: 0))
        let each = threads / 2 * perThread / 2
        #expect(text.contains(#"label_server_requests_total{route="/labels/{key}",status="200"} \#(each)"#))
        #expect(text.contains(#"label_server_requests_total{route="/labels",status="404"} \#(each)"#))
        #expect(text.contains(#"label_server_request_duration_seconds_count{route="/labels/{key}"} \#(threads * perThread / 2)"#))
        // 20 µs lands in the 25 µs bucket; the 10 µs bucket stays empty.
        #expect(text.contains(#"label_server_request_duration_seconds_bucket{route="/labels",le="1e-05"} 0"#))
        #expect(text.contains(#"label_server_request_duration_seconds_bucket{route="/labels",le="2.5e-05"} \#(threads * perThread / 2)"#))
        #expect(text.contains("label_server_missing_hits_total \(threads * perThread / 10)\n"))
    }

    @Test func requestsAreListedByRouteThenStatusAndUnusedRoutesAreLeftOut() {
        let metrics = Metrics()
        metrics.record(route: .unparsed, status: 400, seconds: 0)
        metrics.record(route: Metrics.Route(index: 2), status: 404, seconds: 0.5)
        metrics.record(route: Metrics.Route(index: 2), status: 200, seconds: 2)
        let text = metrics.render(Metrics.Gauges(strings: 0, files: 0, tables: 0, languages: 0, bundles: 0, loadTimestamp: 0))
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("label_server_requests_total{") }
        #expect(lines == [#"label_server_requests_total{route="/missing",status="200"} 1"#,
                          #"label_server_requests_total{route="/missing",status="404"} 1"#,
                          #"label_server_requests_total{route="unparsed",status="400"} 1"#])
        #expect(text.contains(#"label_server_request_duration_seconds_bucket{route="/missing",le="+Inf"} 2"#))
        #expect(text.contains(#"label_server_request_duration_seconds_bucket{route="/missing",le="1.0"} 1"#))
        #expect(text.contains(#"label_server_request_duration_seconds_sum{route="/missing"} 2.5"#))
        #expect(!text.contains(#"duration_seconds_count{route="/labels"}"#))
    }
}
