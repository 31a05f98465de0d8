import AtomicFile
import Dispatch
import Sockets
import TestSupport
import Foundation
import Glibc
import HTTP1
import HTTPServer
import LabelCore
import MissingKeys
import LabelServer
import Testing

/// Writes of the state files: never on an event loop, and a failure is counted in /metrics.
@Suite(.serialized) struct StateWriteTests {
    final class Server: Sendable {
        let server: EpollServer
        let missing: MissingReportStore
        let usage: UsageStore
        let port: UInt16
        let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("state-write-\(UUID())")
            missing = MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder())
            let holder = try LabelTestServer.catalog.get()
            let counters = UsageCounters(catalog: holder.state.catalog)
            usage = UsageStore(stateDirectory: directory, current: { counters })
            let service = LabelService(catalog: holder, admin: AdminAuthorization(token: "t"), missing: missing, usage: usage)
            // One loop: a request blocked on it blocks every other connection.
            server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1,
                                                                       linger: .milliseconds(100)),
                                 responder: service)
            port = try server.start().port
        }

        func stop() {
            server.shutdown()
            _ = server.wait(seconds: 3)
            try? FileManager.default.removeItem(at: directory)
        }

        func get(_ path: String, timeout: Double = 10) throws -> RawResponse {
            let client = try RawClient(port: port, timeout: timeout)
            try client.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse()
        }
    }

    @Test func deleteMissingWritesTheFileOffTheEventLoop() throws {
        let server = try Server()
        defer { server.stop() }
        server.missing.recorder.record(table: "Localizable", key: "k", requested: "de", servedFrom: "key", at: Date())
        // The reset's write stalls, as on a slow or stuck disk, until the test lets it go on
        // and fail. Only the thread doing the write waits.
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let missingFile = server.missing.fileURL.path
        AtomicFile.setStall({ path in
            guard path == missingFile else { return nil }
            entered.signal()
            release.wait()
            return AtomicFile.WriteError(path: path, reason: "a stuck disk, then a failure")
        }, forFolder: server.directory.path)
        defer {
            release.signal()   // a failed expectation never leaves the writer stalled
            AtomicFile.setStall(nil, forFolder: server.directory.path)
        }
        let reset = try RawClient(port: server.port, timeout: 15)
        try reset.send("DELETE /missing HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer t\r\nContent-Length: 0\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 10) == .success, "the reset wrote the report")
        // Meanwhile the loop answers others (a generous timeout: this fails by timing out before).
        let health = try? server.get("/healthz", timeout: 3)
        #expect(health?.status == 200, "the event loop was blocked by the write")
        release.signal()
        let answer = try reset.readResponse()
        #expect(answer.status == 500)
        #expect(answer.text.contains("persistence_failed"))
        #expect(server.missing.recorder.snapshot().entries.isEmpty, "cleared in memory even so")
        #expect(try server.get("/metrics").text.contains("label_server_state_write_failures_total{file=\"missing.json\"} 1\n"))
    }

    @Test func aFailedStateWriteIsCountedInMetricsPerFile() throws {
        let server = try Server()
        defer { server.stop() }
        let before = try server.get("/metrics").text
        #expect(before.contains("label_server_state_write_failures_total{file=\"missing.json\"} 0\n"))
        #expect(before.contains("label_server_state_write_failures_total{file=\"usage.json\"} 0\n"))
        #expect(before.contains("# TYPE label_server_state_write_failures_total counter\n"))
        server.missing.recorder.record(table: "Localizable", key: "k", requested: "de", servedFrom: "key", at: Date())
        // A non-empty directory where the file goes: every rename over it fails.
        try FileManager.default.createDirectory(at: server.missing.fileURL.appendingPathComponent("x"), withIntermediateDirectories: true)
        #expect(throws: MissingReportError.self) { try server.missing.flushIfDirty() }
        #expect(throws: MissingReportError.self) { try server.missing.flushIfDirty() }
        let after = try server.get("/metrics").text
        #expect(after.contains("label_server_state_write_failures_total{file=\"missing.json\"} 2\n"))
        #expect(after.contains("label_server_state_write_failures_total{file=\"usage.json\"} 0\n"))
        #expect(server.missing.writeFailures == 2)
        #expect(server.usage.writeFailures == 0)
    }
}
