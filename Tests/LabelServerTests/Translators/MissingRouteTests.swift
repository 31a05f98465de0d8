import GzipCoding
import Foundation
import HTTP1
import Sockets
import Synchronization
import HTTPServer
import LabelCore
import MissingKeys
import Testing
import TestSupport
@testable import LabelServer

/// `/missing` as a paginated, cached, attack-resistant route (through the service, and once on a socket).
@Suite struct MissingRouteTests {
    /// A service with a report in a fresh state directory; `maxAge` zero so every read sees the latest recording.
    final class Fixture: Sendable {
        let directory: URL
        let store: MissingReportStore
        let service: LabelService

        init(maxEntries: Int = 10_000, maxReported: Int? = nil, maxAge: Duration = .zero) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("missing-route-\(UUID().uuidString)")
            store = MissingReportStore(stateDirectory: directory,
                                       recorder: MissingKeyRecorder(maxEntries: maxEntries, maxReportedEntries: maxReported))
            service = LabelService(catalog: try LabelTestServer.catalog.get(), missing: store, missingReportMaxAge: maxAge)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func get(_ target: String, _ headers: HTTPHeaders = [:]) -> HTTPResponse {
            service.respond(to: HTTPRequest(method: .get, target: target, headers: headers))
        }

        func post(_ body: String, _ headers: HTTPHeaders = ["Content-Type": "application/json"]) -> HTTPResponse {
            post(Array(body.utf8), headers)
        }

        func post(_ body: [UInt8], _ headers: HTTPHeaders) -> HTTPResponse {
            service.respond(to: HTTPRequest(method: .post, target: "/missing", headers: headers, body: body))
        }

        func miss(_ count: Int, prefix: String = "missing.key") {
            for index in 0..<count { _ = get("/labels/\(prefix).\(index)?lang=de") }
        }
    }

    static func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static func expectError(_ response: HTTPResponse, _ status: Int, _ code: String,
                            sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(response.status.code == status, sourceLocation: sourceLocation)
        #expect(try json(response)["error"] as? String == code, sourceLocation: sourceLocation)
    }

    // MARK: Pagination

    @Test func theDefaultPageHoldsAThousandEntriesWithTheTotalAndANextLink() throws {
        let fixture = try Fixture()
        fixture.miss(2_500)
        let first = try Self.json(fixture.get("/missing"))
        #expect((first["entries"] as? [Any])?.count == 1_000)
        #expect(first["total"] as? Int == 2_500)
        #expect(first["offset"] as? Int == 0)
        #expect(first["limit"] as? Int == 1_000)
        #expect(first["next"] as? String == "/missing?limit=1000&offset=1000")
        // Following `next` walks the whole report exactly once.
        var seen = Set<String>()
        var next: String? = "/missing"
        while let target = next {
            let page = try Self.json(fixture.get(target))
            for case let entry as [String: Any] in page["entries"] as? [Any] ?? [] { seen.insert(entry["key"] as? String ?? "") }
            next = page["next"] as? String
        }
        #expect(seen.count == 2_500)
    }

    @Test(arguments: [("limit=0", "invalid_limit"), ("limit=10001", "invalid_limit"), ("limit=ten", "invalid_limit"),
                      ("offset=-1", "invalid_offset"), ("lang=..%2Fetc", "invalid_language"), ("format=xls", "invalid_format")])
    func outOfRangeParametersAre400WithTheirCode(query: String, code: String) throws {
        try Self.expectError(try Fixture().get("/missing?\(query)"), 400, code)
    }

    @Test func csvAndStringsPageTooWithTheTotalAndNextLinkInHeaders() throws {
        let fixture = try Fixture()
        fixture.miss(30)
        let csv = fixture.get("/missing?format=csv&lang=de&limit=10&offset=10")
        #expect(csv.status == .ok)
        #expect(String(decoding: csv.body, as: UTF8.self).split(separator: "\r\n").count == 11)   // header + 10
        #expect(csv.headers.first("X-Total-Count") == "30")
        #expect(csv.headers.first(.link) == #"</missing?format=csv&lang=de&limit=10&offset=20>; rel="next""#)
        let last = fixture.get("/missing?format=strings&limit=10&offset=20")
        #expect(last.headers.first(.link) == nil)
        #expect(String(decoding: last.body, as: UTF8.self).contains(": 10 keys,"))
    }

    @Test func gzipIsServedWhenAcceptedWithVary() throws {
        let fixture = try Fixture()
        fixture.miss(200)
        // The handler picks the variant (ContentEncodingChoice); the server sends it as it is.
        let plain = fixture.get("/missing")
        let zipped = fixture.get("/missing", ["Accept-Encoding": "gzip"])
        #expect(plain.headers.first(.contentEncoding) == nil)
        #expect(zipped.headers.first(.contentEncoding) == "gzip")
        // Without `format`, the representation also varies with Accept (a browser gets HTML).
        #expect(zipped.headers.values(.vary).joined(separator: ", ") == "Accept, Accept-Encoding")
        #expect(plain.headers.values(.vary).joined(separator: ", ") == "Accept, Accept-Encoding")
        let csv = fixture.get("/missing?format=csv", ["Accept-Encoding": "gzip"])
        #expect(csv.headers.values(.vary) == ["Accept-Encoding"])
        #expect(zipped.body.count < plain.body.count / 3)
        #expect(try Gzip.decompress(zipped.body) == plain.body)
    }

    // MARK: Snapshot per generation

    @Test func aPageIsRenderedOncePerReportGenerationAndServedByReference() throws {
        let fixture = try Fixture()
        fixture.miss(50)
        let first = fixture.get("/missing?limit=20").body
        let second = fixture.get("/missing?limit=20").body
        // The same storage: the second read rendered nothing.
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == second.withUnsafeBufferPointer { $0.baseAddress })
        fixture.miss(1, prefix: "new")
        let third = fixture.get("/missing?limit=20").body
        #expect(third.withUnsafeBufferPointer { $0.baseAddress } != first.withUnsafeBufferPointer { $0.baseAddress })
        #expect(try Self.json(fixture.get("/missing"))["total"] as? Int == 51)
    }

    @Test func anExpensiveSnapshotIsReusedForABoundedTimeACheapOneNeverAndAWriteInvalidatesIt() {
        let recorder = MissingKeyRecorder()
        func miss(_ key: String) {
            recorder.record(table: "Localizable", key: key, requested: "de", servedFrom: "key", at: Date())
        }
        let renders = Mutex(0)
        func read(_ cache: MissingReportCache) -> Int {
            cache.page(MissingReportCache.Key(query: MissingReportQuery(), format: "json", catalogLoadedAt: 0),
                       gzip: false, recorder: recorder) { report in
                renders.withLock { $0 += 1 }
                return MissingReportCache.Page(identity: [], gzip: nil, total: report.entries.count, nextOffset: nil)
            }.total
        }
        miss("a")
        // Every snapshot counts as expensive: it is reused (up to an hour here) after the report changed.
        let expensive = MissingReportCache(maximumAge: .seconds(3600), freshBelow: .zero, costFactor: 1_000_000_000)
        #expect(read(expensive) == 1)
        miss("b")
        #expect(read(expensive) == 1)
        #expect(renders.withLock { $0 } == 1)
        // POST and DELETE invalidate: the writer reads its own write.
        expensive.invalidate()
        #expect(read(expensive) == 2)
        // A cheap report (the default: under 2 ms) is retaken whenever it changed.
        let cheap = MissingReportCache(maximumAge: .seconds(3600))
        #expect(read(cheap) == 2)
        miss("c")
        #expect(read(cheap) == 3)
    }

    @Test func aClientSeesItsOwnPostAtOnce() throws {
        let fixture = try Fixture(maxAge: .seconds(3600))
        fixture.miss(5)
        #expect(try Self.json(fixture.get("/missing"))["total"] as? Int == 5)
        #expect(fixture.post(#"[{"key":"posted","lang":"de"}]"#).status == .ok)
        #expect(try Self.json(fixture.get("/missing"))["total"] as? Int == 6)
    }

    // MARK: POST /missing

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                      "application/jsonx", "text/json", ""])
    func aPostThatIsNotJSONIs415(contentType: String) throws {
        let fixture = try Fixture()
        let headers: HTTPHeaders = contentType.isEmpty ? [:] : ["Content-Type": contentType]
        let response = fixture.post(#"[{"key":"k","lang":"de"}]"#, headers)
        try Self.expectError(response, 415, "unsupported_media_type")
        #expect(fixture.store.recorder.snapshot().entries.isEmpty)
    }

    @Test func jsonWithParametersAndAnyCaseIsAccepted() throws {
        let fixture = try Fixture()
        for type in ["application/json; charset=utf-8", "Application/JSON", "application/json ;charset=UTF-8"] {
            #expect(fixture.post(#"[{"key":"k","lang":"de"}]"#, ["Content-Type": type]).status == .ok)
        }
    }

    @Test(arguments: ["br", "deflate", "gzip, gzip", "compress"])
    func aContentEncodingOtherThanIdentityOrGzipIs415(coding: String) throws {
        let response = try Fixture().post(#"[{"key":"k","lang":"de"}]"#,
                                          ["Content-Type": "application/json", "Content-Encoding": coding])
        try Self.expectError(response, 415, "unsupported_content_encoding")
        #expect(response.headers.first(.acceptEncoding) == "gzip, identity")
    }

    @Test func aGzipBodyIsDecodedAndItsDecodedSizeIsLimited() throws {
        let fixture = try Fixture()
        let body = try Gzip.compress(Array(#"[{"key":"zipped","lang":"de"}]"#.utf8))
        let ok = fixture.post(body, ["Content-Type": "application/json", "Content-Encoding": "gzip"])
        #expect(ok.status == .ok)
        #expect(fixture.store.recorder.snapshot().entries.map(\.key) == ["zipped"])
        for size in [MissingKeyRecorder.maximumReportedBodyBytes + 10, 16 << 20] {
            let bomb = try Gzip.compress([UInt8](repeating: UInt8(ascii: " "), count: size))
            try Self.expectError(fixture.post(bomb, ["Content-Type": "application/json", "Content-Encoding": "gzip"]), 413, "payload_too_large")
        }
        try Self.expectError(fixture.post(Array("not gzip".utf8), ["Content-Type": "application/json", "Content-Encoding": "gzip"]),
                             400, "invalid_content_encoding")
    }

    @Test func controlCharactersInAPostedKeyAre400LikeInAGET() throws {
        let fixture = try Fixture()
        try Self.expectError(fixture.post(#"[{"key":"a\u0000b","lang":"de"}]"#), 400, "invalid_missing_report")
        try Self.expectError(fixture.post(#"[{"key":"\u001b[31m","lang":"de"}]"#), 400, "invalid_missing_report")
        try Self.expectError(fixture.get("/labels/a%00b"), 400, "invalid_key")
        try Self.expectError(fixture.get("/labels/%1B%5B31m"), 400, "invalid_key")
        #expect(fixture.store.recorder.snapshot().entries.isEmpty)
    }

    @Test func postedEntriesHaveASmallerQuotaAndTheRefusedAreShownInTheReportAndMetrics() throws {
        let fixture = try Fixture(maxEntries: 100, maxReported: 10)
        let items = (0..<30).map { #"{"key":"posted.\#($0)","lang":"de"}"# }.joined(separator: ",")
        let summary = try Self.json(fixture.post("[\(items)]"))
        #expect(summary["added"] as? Int == 10)
        #expect(summary["refused"] as? Int == 20)
        fixture.miss(90)
        let report = try Self.json(fixture.get("/missing?limit=200"))
        #expect(report["total"] as? Int == 100)
        #expect((report["dropped"] as? [String: Any])?["reported"] as? Int == 20)
        #expect((report["limits"] as? [String: Any])?["maxReportedEntries"] as? Int == 10)
        let metrics = String(decoding: fixture.get("/metrics").body, as: UTF8.self)
        #expect(metrics.contains("label_server_missing_reported_refused_total 20"))
    }

    @Test func theCSVExportNeutralizesAFormulaKeyRequestedByAnyone() throws {
        let fixture = try Fixture()
        _ = fixture.get(#"/labels/=HYPERLINK(%22http://evil.example%22,%22x%22)?lang=de"#)
        let csv = String(decoding: fixture.get("/missing?format=csv").body, as: UTF8.self)
        #expect(csv.contains("\r\n\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\","))
    }

    /// On a real socket: HEAD and gzip negotiation through the server's encoder.
    @Test func theReportIsServedGzippedOverARealSocket() throws {
        let fixture = try Fixture()
        fixture.miss(100)
        let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                                responder: fixture.service)
        let address = try server.start()
        defer {
            server.shutdown()
            _ = server.wait(seconds: 3)
        }
        let client = try RawClient(port: address.port)
        let response = try client.exchange("GET /missing?limit=50 HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.header("Content-Encoding") == "gzip")
        let body = try JSONSerialization.jsonObject(with: Data(try Gzip.decompress(response.body))) as? [String: Any]
        #expect((body?["entries"] as? [Any])?.count == 50)
        #expect(body?["next"] as? String == "/missing?limit=50&offset=50")
    }
}
