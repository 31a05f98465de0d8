import Foundation
import HTTP1
import HTTPServer
import LabelServer
import Sockets
import Synchronization
import Testing
import TestSupport

/// RFC rejections end to end on a real socket: status, JSON error code and message (which
/// say the reason), nosniff.
@Suite struct ProtocolStrictnessTests {
    static func errorCode(_ response: RawResponse) -> String? {
        errorField("error", response)
    }

    static func errorField(_ name: String, _ response: RawResponse) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?[name] as? String
    }

    static func exchange(_ raw: String) throws -> RawResponse {
        try LabelTestServer.with { server in
            let client = try RawClient(port: server.port)
            return try client.exchange(raw)
        }
    }

    @Test(arguments: [("GET /labels/x HTTP/1.1\r\nHost: a b\r\n\r\n", HTTPParseError.Reason.invalidHost, "invalid_host"),
                      ("GET /labels/x HTTP/1.1\r\nHost: a/b\r\n\r\n", .invalidHost, "invalid_host"),
                      ("GET /labels/x HTTP/1.1\r\nHost: a@b\r\n\r\n", .invalidHost, "invalid_host"),
                      ("GET /labels/x HTTP/1.1\r\nHost: a, b\r\n\r\n", .invalidHost, "invalid_host"),
                      ("GET /labels/x HTTP/1.1\r\nHost: a:b\r\n\r\n", .invalidHost, "invalid_host"),
                      ("GET /labels/../../etc HTTP/1.1\r\nHost: x\r\n\r\n", .dotSegment, "dot_segment"),
                      ("GET /labels/%2e%2e/%2E%2E/etc HTTP/1.1\r\nHost: x\r\n\r\n", .dotSegment, "dot_segment"),
                      ("GET /labels/a|b HTTP/1.1\r\nHost: x\r\n\r\n", .characterNotAllowedInTarget, "invalid_target"),
                      ("GET /labels/x?lang={de} HTTP/1.1\r\nHost: x\r\n\r\n", .characterNotAllowedInTarget, "invalid_target")])
    func aProtocolViolationIs400WithItsCode(raw: String, reason: HTTPParseError.Reason, code: String) throws {
        let response = try Self.exchange(raw)
        #expect(response.status == 400)
        #expect(Self.errorCode(response) == code, "\(response)")
        #expect(Self.errorField("message", response) == reason.description, "\(response)")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
    }

    /// The request-smuggling rules (RFC 9112 §6): all answered `bad_request`, told apart by
    /// their message, which is the reason's.
    @Test(arguments: [
        ("POST /missing HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
         HTTPParseError.Reason.contentLengthWithTransferEncoding),
        ("POST /missing HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", .duplicateContentLength),
        ("POST /missing HTTP/1.1\r\nHost: x\r\nContent-Length: -3\r\n\r\nabc", .invalidContentLength),
        ("POST /missing HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n", .transferEncodingNotEndingInChunked),
        ("POST /missing HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", .chunkedAppliedTwice),
        ("POST /missing HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .transferEncodingInHTTP10),
        ("GET /labels/x HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", .obsoleteLineFolding),
        ("GET /labels/x HTTP/1.1\r\nHost : x\r\n\r\n", .whitespaceBeforeColon),
        ("GET /labels/x HTTP/1.1\nHost: x\r\n\r\n", .bareLineFeed),
        ("GET /labels/x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .duplicateHost),
    ])
    func aSmugglingAttemptIs400ForItsReason(raw: String, reason: HTTPParseError.Reason) throws {
        let response = try Self.exchange(raw)
        #expect(response.status == reason.status.code)
        #expect(Self.errorCode(response) == "bad_request", "\(response)")
        #expect(Self.errorField("message", response) == reason.description, "\(response)")
        #expect(response.closes, "\(response)")
    }

    @Test func anEncodedSlashInsideOneSegmentStaysAKey() throws {
        let response = try Self.exchange("GET /labels/..%2fetc?lang=de HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.text.contains(#""key":"..\/etc""#) || response.text.contains(#""key":"../etc""#), "\(response)")
    }

    @Test(arguments: ["/labels/control.back.label?lang=de", "/labels?lang=de", "/healthz", "/metrics", "/nowhere"])
    func everyResponseSaysNosniff(path: String) throws {
        let response = try Self.exchange("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.header("X-Content-Type-Options") == "nosniff", "\(path)")
    }

    @Test func optionsAsteriskIs200WithAllow() throws {
        let response = try Self.exchange("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.header("Allow") == "GET, HEAD, POST, DELETE, OPTIONS")
        #expect(response.header("Content-Length") == "0")
    }

    @Test func parserRejectionsAreLoggedWithThePeerAndRateLimited() throws {
        let lines = Mutex<[String]>([])
        let log = RateLimitedLog(linesPerSecond: 3) { line in lines.withLock { $0.append(line) } }
        let service = LabelService(catalog: try LabelTestServer.catalog.get())
        let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                                responder: service, log: log)
        let address = try server.start()
        defer {
            server.shutdown()
            #expect(server.wait(seconds: 3))
        }
        for _ in 0..<8 {
            let client = try RawClient(port: address.port)
            let response = try client.exchange("GET /labels/x HTTP/1.1\r\nHost: a b\r\n\r\n")
            #expect(Self.errorCode(response) == "invalid_host")
        }
        let logged = lines.withLock { $0 }
        // 8 rejections within a second or two: 3 a second get through, the rest are counted.
        #expect(logged.count >= 3 && logged.count < 8, "\(logged)")
        #expect(logged.first?.contains("rejected a request from 127.0.0.1:") == true, "\(logged)")
        #expect(logged.first?.contains("invalid_host") == true, "\(logged)")
    }

    @Test func aRejectionIsLoggedWithItsRequestLineEscapedAndCut() throws {
        let lines = Mutex<[String]>([])
        let log = RateLimitedLog(linesPerSecond: 100) { line in lines.withLock { $0.append(line) } }
        let service = LabelService(catalog: try LabelTestServer.catalog.get())
        let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                                responder: service, log: log)
        let address = try server.start()
        defer {
            server.shutdown()
            #expect(server.wait(seconds: 3))
        }
        let requests = ["GET /labels/x?lang=de HTTP/1.1\r\nHost: a b\r\n\r\n",
                        "GET /labels/\u{1B}[2J\"\rforged: 1 HTTP/1.1\r\nHost: x\r\n\r\n",
                        "GET /" + String(repeating: "a", count: 3000) + " HTTP/1.1\r\nHost: a b\r\n\r\n"]
        for request in requests {
            let client = try RawClient(port: address.port)
            let response = try client.exchange(request)
            #expect(response.status == 400, "\(response)")
        }
        let logged = lines.withLock { $0 }
        #expect(logged.count == 3, "\(logged)")
        #expect(logged.first?.hasSuffix(#"; request "GET /labels/x?lang=de HTTP/1.1""#) == true, "\(logged)")
        #expect(logged.dropFirst().first?.hasSuffix(#"; request "GET /labels/\x1B[2J\x22\x0Dforged: 1 HTTP/1.1""#) == true,
                "\(logged)")
        #expect(logged.last?.hasSuffix(#"aaaa"... (cut at 200 bytes)"#) == true, "\(logged)")
        for line in logged {
            #expect(!line.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "\(line)")
            #expect(line.utf8.count < 400, "\(line)")
        }
    }
}
