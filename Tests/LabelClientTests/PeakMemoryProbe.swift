import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import LabelClient
import Testing

/// Not a test: the measurement behind docs/decisions/label-client.md's body-limit figures.
/// Run alone, one hostile body per process, with `LABEL_CLIENT_PROBE=chunked` or
/// `LABEL_CLIENT_PROBE=/path/to/bomb.gz` (a gzip file of gigabytes of zeros,
/// `head -c 2G /dev/zero | gzip -1`): prints the launch's error, what the server wrote
/// before the client hung up, and the process's peak RSS (`VmHWM`). With
/// `LABEL_CLIENT_PROBE_ROUTE=datatask` the fetch takes `URLSession`'s data task (the
/// `https://` route on Linux, and every route before issue 34) instead of the socket.
@Suite struct PeakMemoryProbe {
    static let probe = ProcessInfo.processInfo.environment["LABEL_CLIENT_PROBE"]

    @Test(.enabled(if: probe != nil)) func peakMemoryAgainstAHostileBody() async throws {
        let probe = try #require(Self.probe)
        let bomb = probe == "chunked" ? nil : try Data(contentsOf: URL(fileURLWithPath: probe))
        let written = WrittenCounter()
        let server = try ScriptedServer { _, write in
            let coding = bomb == nil ? "" : "Content-Encoding: gzip\r\n"
            let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\(coding)Content-Type: application/json\r\nConnection: close\r\n\r\n"
            guard write(Array(head.utf8)) else { return }
            // The endless body is one 1 MiB chunk over and over: the probe's own memory stays small.
            let source = bomb.map { [UInt8]($0) } ?? [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            var offset = 0
            while offset < source.count {
                let piece = source[offset..<min(offset + (1 << 20), source.count)]
                let framed = Array(String(piece.count, radix: 16).utf8) + Array("\r\n".utf8) + piece + Array("\r\n".utf8)
                guard write(framed) else { return }
                written.add(piece.count)
                offset += piece.count
                if bomb == nil { offset = 0 }
            }
            _ = write(Array("0\r\n\r\n".utf8))
        }
        defer { server.stop() }
        let outcome: String?
        if ProcessInfo.processInfo.environment["LABEL_CLIENT_PROBE_ROUTE"] == "datatask" {
            let fetcher = HTTPFetcher(bodyLimit: LabelClient.defaultBodyLimit, forcedRoute: .dataTask)
            do throws(LabelClientError) {
                _ = try await fetcher.send(URLRequest(url: server.baseURL), deadline: 120)
                outcome = nil
            } catch {
                outcome = "\(error)"
            }
        } else {
            let client = LabelClient(baseURL: server.baseURL, cacheDirectory: nil, fallbackStore: nil, timeout: 120)
            outcome = await HostileServerTests.networkFailure(client).map { "\($0)" }
        }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM") } ?? "?"
        print("PROBE \(probe): \(outcome ?? "no error"); server wrote \(written.value >> 20) MiB of body; \(peak)")
    }
}
