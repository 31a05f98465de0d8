import Foundation
import HTTP1
import LabelCore
import LabelServer
import MissingKeys
import RedisClient
import Testing
import TestSupport
@testable import ReportStore

/// The label service over a shared store: every replica answers the same report, and a
/// Redis away touches only the report routes.
@Suite(.enabled(if: RedisServerProcess.isEnabled)) struct SharedReportServiceTests {
    static let bundledStore = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Strings").path

    static func service(_ store: RedisReportStore) throws -> InProcessClient {
        let holder = CatalogHolder(ServiceState(store: try StoreLoader.load(StoreConfiguration(directory: bundledStore))))
        return InProcessClient(LabelService(catalog: holder, admin: AdminAuthorization(token: "t"), sharedReport: store))
    }

    static func get(_ client: InProcessClient, _ path: String) throws -> RawResponse {
        try client.exchange("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
    }

    @Test func twoServicesAnswerTheSameReportInEveryFormat() throws {
        let redis = try RedisServerProcess()
        let a = try makeStore(redis), b = try makeStore(redis)
        let one = try Self.service(a), two = try Self.service(b)
        for _ in 0..<3 { #expect(try Self.get(one, "/labels/report.only.one?lang=de").status == 200) }
        #expect(try Self.get(two, "/labels/report.only.two?lang=fr").status == 200)
        #expect(flushed(a))
        #expect(flushed(b))
        for path in ["/missing?format=json", "/missing?format=csv", "/missing?format=strings&lang=de", "/missing?format=xliff&lang=de",
                     "/missing?format=json&include=untranslated&lang=de", "/missing?format=json&state=resolved"] {
            let first = try Self.get(one, path), second = try Self.get(two, path)
            #expect(first.status == 200, "\(path)")
            #expect(first.body == second.body, "\(path)")
        }
        let json = try Self.get(one, "/missing?format=json").text
        #expect(json.contains(#""key":"report.only.one""#))
        #expect(json.contains(#""hits":3"#))
        #expect(json.contains(#""key":"report.only.two""#))
    }

    @Test func redisAwayAnswers503WithRetryAfterOnTheReportRoutesAndLabelsKeepServing() throws {
        let redis = try RedisServerProcess()
        let store = try makeStore(redis)
        let client = try Self.service(store)
        redis.kill9()
        #expect(try Self.get(client, "/labels/control.back.label?lang=de").status == 200)
        #expect(try Self.get(client, "/labels/report.away?lang=de").status == 200)
        #expect(try Self.get(client, "/readyz").status == 200)
        for path in ["/missing", "/missing?format=csv", "/missing?format=xliff&lang=de", "/usage"] {
            let answer = try Self.get(client, path)
            #expect(answer.status == 503, "\(path)")
            #expect(answer.header("Retry-After") == "1", "\(path)")
            #expect(answer.text.contains(#""error":"report_store_unavailable""#), "\(path)")
        }
        let deleted = try client.exchange("DELETE /missing HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer t\r\nContent-Length: 0\r\n\r\n")
        #expect(deleted.status == 503)
        #expect(store.metricsText().contains("label_server_report_store_buffered_entries 1\n"), "the miss waits to be sent")
        try redis.restart()
        #expect(flushed(store))
        #expect(try Self.get(client, "/missing?format=json").text.contains(#""key":"report.away""#))
    }
}
