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
        // The reset's temp file is a FIFO: its open() blocks until someone reads, as a
        // slow or stuck disk would block the write. Only the thread doing the write waits.
        let temp = server.missing.fileURL.path + ".tmp-\(getpid())"
        #expect(mkfifo(temp, 0o644) == 0)
        let reset = try RawClient(port: server.port, timeout: 15)
        try reset.send("DELETE /missing HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer t\r\nContent-Length: 0\r\n\r\n")
        // Meanwhile the loop answers others (a generous timeout: this fails by timing out before).
        let health = try? server.get("/healthz", timeout: 3)
        #expect(health?.status == 200, "the event loop was blocked by the write")
        // Now the FIFO is read; the write goes on and fails at fsync (a FIFO has no disk).
        let fd = open(temp, O_RDONLY)
        #expect(fd >= 0)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received = 0
        while case let count = read(fd, &buffer, buffer.count), count > 0 { received += count }
        close(fd)
        #expect(received > 0, "the reset wrote the empty report")
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
