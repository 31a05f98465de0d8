import GzipCoding
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
@testable import LabelClient
import Testing

/// Which way ``HTTPFetcher`` reads a response on each platform, and that both ways
/// read the same response alike (status, headers, gzip undone). The `URLSession`
/// route is forced over `http://` here: it is `https://`'s on Linux, and the test
/// servers have no TLS.
@Suite struct FetchRouteTests {
    static let limit = BodyLimitTests.limit

    static func fetch(_ server: ScriptedServer, route: HTTPFetcher.Route, limit: Int = limit) async -> Result<HTTPFetcher.Response, LabelClientError> {
        let fetcher = HTTPFetcher(bodyLimit: limit, forcedRoute: route)
        defer { fetcher.session.finishTasksAndInvalidate() }
        let request = URLRequest(url: server.baseURL.appendingPathComponent("labels"))
        do throws(LabelClientError) {
            return .success(try await fetcher.send(request, deadline: ClientTestServer.patience))
        } catch {
            return .failure(error)
        }
    }

    @Test func httpTakesTheSocketOnLinuxAndURLSessionElsewhere() {
        #if os(Linux)
        #expect(HTTPFetcher.route(for: URL(string: "http://labels.example.com")) == .socket)
        #expect(HTTPFetcher.route(for: URL(string: "HTTP://labels.example.com")) == .socket)
        #expect(HTTPFetcher.route(for: URL(string: "https://labels.example.com")) == .dataTask)
        #else
        #expect(HTTPFetcher.route(for: URL(string: "http://labels.example.com")) == .dataTask)
        #endif
    }

    @Test(arguments: [HTTPFetcher.Route.dataTask, .socket])
    func eachRouteReadsABodyUnderTheLimitWithItsHeaders(route: HTTPFetcher.Route) async throws {
        let body = try bundleBody(language: "de")
        let compressed = try Gzip.compress(Array(body.utf8))
        let server = try ScriptedServer { _, write in
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(compressed.count)\r\nContent-Encoding: gzip\r\nETag: \"v7\"\r\n"
                + "Connection: close\r\n\r\n"
            _ = write(Array(head.utf8) + compressed)
        }
        defer { server.stop() }
        let response = try await Self.fetch(server, route: route, limit: body.utf8.count).get()
        #expect(response.status == 200)
        #expect(response.header("etag") == "\"v7\"")
        #expect(response.body == Data(body.utf8))
    }
}

extension FetchRouteTests {
    @Test func aRedirectIsFollowedAsURLSessionFollowsIt() async throws {
        let body = try bundleBody(language: "de")
        let server = try ScriptedServer { request in
            guard request.requestLine.hasPrefix("GET /moved/labels?") else {
                return ScriptedServer.response("302 Found", headers: ["Location: /moved/labels?lang=de&table=Localizable"])
            }
            return ScriptedServer.response("200 OK", headers: ["ETag: \"v1\""], body: body)
        }
        defer { server.stop() }
        let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: ClientTestServer.patience)
        let labels = try await client.labels(language: "de")
        #expect(labels.origin == .network)
        #expect(server.requests.map(\.requestLine) == [
            "GET /labels?lang=de&table=Localizable HTTP/1.1", "GET /moved/labels?lang=de&table=Localizable HTTP/1.1",
        ])
    }

    @Test func aRedirectLoopEndsWithAnError() async throws {
        let server = try ScriptedServer { _ in ScriptedServer.response("301 Moved Permanently", headers: ["Location: /labels"]) }
        defer { server.stop() }
        let result = await Self.fetch(server, route: HTTPFetcher.route(for: server.baseURL))
        #expect(throws: LabelClientError.self) { try result.get() }
    }
}
