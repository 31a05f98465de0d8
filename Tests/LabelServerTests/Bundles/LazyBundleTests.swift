import GzipCoding
import Dispatch
import Foundation
import HTTP1
import HTTPServer
import Sockets
import TestSupport
import Testing
@testable import LabelCore
@testable import LabelServer

/// Bundles are built on the first request that needs them (on a worker, through a
/// deferred response) and kept: each test loads its own catalog, so nothing is built yet.
@Suite struct LazyBundleTests {
    static func freshHolder() throws -> CatalogHolder {
        CatalogHolder(ServiceState(store: try StoreLoader.load(StoreConfiguration(directory: LabelTestServer.bundledStore))))
    }

    @Test func concurrentFirstRequestsBuildABodyOnce() throws {
        let state = try Self.freshHolder().state
        let german = try #require(LanguageTag("de"))
        let slot = try #require(state.bundles.slot(table: "Localizable", chain: state.resolver.chain(preferred: [german])))
        #expect(slot.readyBody(.json, gzip: false) == nil)
        let bodies = Locked<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let body = slot.body(.json, gzip: index.isMultiple(of: 2))
            bodies.withLock { $0.append(ObjectIdentifier(body)) }
        }
        #expect(Set(bodies.withLock { $0 }).count == 1)
        #expect(slot.readyBody(.json, gzip: true) != nil)
        #expect(slot.readyBody(.strings, gzip: false) == nil)   // the other format is not built for nothing
    }

    @Test func gzipIsMadeOnlyForAClientAcceptingIt() throws {
        let state = try Self.freshHolder().state
        let german = try #require(LanguageTag("de"))
        let slot = try #require(state.bundles.slot(table: "Localizable", chain: state.resolver.chain(preferred: [german])))
        let body = slot.body(.json, gzip: false)
        #expect(!body.isCompressed && slot.readyBody(.json, gzip: true) == nil)
        #expect(slot.body(.json, gzip: true) === body)
        #expect(body.isCompressed && body.hasGzip)
        #expect(try Gzip.decompress(body.gzip) == body.identity)
    }

    /// Over a real socket, every variant's first request (deferred to a worker) answers
    /// exactly what the same request answers once built, and revalidates to 304.
    @Test func firstRequestsOverASocketAnswerLikeBuiltOnes() throws {
        let holder = try Self.freshHolder()
        let service = LabelService(catalog: holder)
        let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 2),
                                 responder: service)
        let address = try server.start()
        defer {
            server.shutdown()
            #expect(server.wait(seconds: 3))
        }
        let variants = [("/labels?lang=fr", ""), ("/labels?lang=fr", "Accept-Encoding: gzip\r\n"),
                        ("/labels?lang=fr&format=strings", ""), ("/labels?lang=fr&format=strings", "Accept-Encoding: gzip\r\n"),
                        ("/labels?lang=fr&format=android", ""), ("/labels?lang=fr&format=android", "Accept-Encoding: gzip\r\n"),
                        ("/labels?lang=fr", "Accept: application/xml\r\n")]
        for (target, extra) in variants {
            let request = "GET \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n"
            let first = try RawClient(port: address.port).exchange(request)
            let again = try RawClient(port: address.port).exchange(request)
            #expect(first.status == 200, "\(target) \(extra)")
            #expect(first.body == again.body && first.header("ETag") == again.header("ETag"), "\(target) \(extra)")
            #expect(first.header("Content-Encoding") == again.header("Content-Encoding"))
            #expect(first.header("Content-Language") == "fr" && first.header("Vary") == "Accept, Accept-Encoding, Accept-Language")
            if target.hasSuffix("android") || extra.hasPrefix("Accept: application/xml") {
                #expect(first.header("Content-Type") == "application/xml; charset=utf-8")
            }
            let etag = try #require(first.header("ETag"))
            let revalidated = try RawClient(port: address.port).exchange(
                "GET \(target) HTTP/1.1\r\nHost: test\r\n\(extra)If-None-Match: \(etag)\r\n\r\n")
            #expect(revalidated.status == 304)
        }
    }

    /// A refused `GET /labels` on a loop is answered where its query is decoded, with the
    /// route table's error: the same status and body as through ``LabelService/respond(to:)``.
    @Test func refusedQueriesOverASocketAnswerLikeTheRouteTable() throws {
        let service = LabelService(catalog: try Self.freshHolder())
        let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                                 responder: service)
        let address = try server.start()
        defer {
            server.shutdown()
            #expect(server.wait(seconds: 3))
        }
        for target in ["/labels?lang=de&format=xml", "/labels?lang=de&table=Nope", "/labels?lang=%C3"] {
            let direct = service.respond(to: HTTPRequest(method: .get, target: target, headers: [:]))
            let answer = try RawClient(port: address.port).exchange("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(direct.status.code >= 400, "\(target)")
            #expect(answer.status == direct.status.code && answer.body == direct.body, "\(target)")
        }
    }
}
