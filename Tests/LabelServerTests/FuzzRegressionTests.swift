import Foundation
import Glibc
import HTTP1
import HTTPServer
import LabelCore
import LabelServer
import MissingKeys
import Sockets
import Testing
import TestSupport

/// Every input the fuzz targets (scripts/fuzz-requests.sh, scripts/fuzz-merge.sh) found a
/// crash, a hang or a 5xx with, kept in `Fuzz/Regressions/` and replayed the way the target
/// ran it. Each replay runs in a child process (an exit test): a trap fails that one case
/// instead of ending the test run, and the child's stderr says what went wrong.
@Suite struct FuzzRegressionTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    static func inputs(_ target: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: regressions.appendingPathComponent(target).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("the request-path fuzzer's findings: kept inputs exist for both targets")
    func inputsAreKept() {
        #expect(!Self.inputs("requests").isEmpty)
        #expect(!Self.inputs("merge").isEmpty)
    }

    @Test("a request the request-path fuzzer once broke the server with is answered: no trap, hang or 5xx",
          arguments: inputs("requests"))
    func request(_ name: String) async {
        let path = Self.regressions.appendingPathComponent("requests").appendingPathComponent(name).path
        await #expect(processExitsWith: .success, "replaying Fuzz/Regressions/requests/\(name)") { [path = path as String] in
            if let problem = FuzzReplay.request(Array(FileManager.default.contents(atPath: path) ?? Data())) {
                FuzzReplay.fail(problem)
            }
        }
    }

    @Test("a peer answer or state file the merge fuzzer once broke the server with is read: no trap, hang or 5xx",
          arguments: inputs("merge"))
    func merge(_ name: String) async {
        let path = Self.regressions.appendingPathComponent("merge").appendingPathComponent(name).path
        await #expect(processExitsWith: .success, "replaying Fuzz/Regressions/merge/\(name)") { [path = path as String] in
            if let problem = FuzzReplay.merge(Array(FileManager.default.contents(atPath: path) ?? Data())) {
                FuzzReplay.fail(problem)
            }
        }
    }
}

/// The fuzz targets' paths (Fuzz/RequestPathFuzzer, Fuzz/MergeFuzzer), for their inputs'
/// replay: each returns what went wrong, or nil.
enum FuzzReplay {
    static let repository = FuzzRegressionTests.regressions.deletingLastPathComponent().deletingLastPathComponent()

    /// This replay's state files (each replay is its own process); removed when it ends.
    static var stateDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("label-server-fuzz-replay-\(getpid())", isDirectory: true)
    }

    /// Ends the replay's child process with what went wrong (its stderr shows in the test's output).
    static func fail(_ problem: String) -> Never {
        FileHandle.standardError.write(Data("FUZZ REGRESSION: \(problem)\n".utf8))
        exit(1)
    }

    /// A request-path input (first byte: bit 0 the store, bit 1 a refusing peer, bit 7 raw;
    /// the kept ones are raw).
    static func request(_ input: [UInt8]) -> String? {
        guard let control = input.first else { return "empty input" }
        guard control & 0x80 != 0 else { return "a recipe input: keep the request it built (FUZZ_ECHO=1) instead" }
        let store = control & 1 == 0 ? "Strings" : "Fuzz/Stores/hostile"
        defer { try? FileManager.default.removeItem(at: stateDirectory) }
        let service: LabelService
        do { service = try requestService(store: store, refusingPeer: control & 2 != 0) } catch { return "cannot load \(store): \(error)" }
        let answers: [InProcessExchange.Answer]
        do {
            answers = try InProcessExchange.answers(to: Array(input.dropFirst()), responder: service)
        } catch {
            return "the responder broke the loop's contract: \(error)"
        }
        for answer in answers {
            let status = Int(answer.response.status.code)
            let allowed: Set<Int> = answer.request == nil ? [501, 505] : [503]
            if status >= 500 && !allowed.contains(status) {
                return "\(status) for \(answer.request?.target ?? "a rejected request"): \(String(decoding: answer.response.body.prefix(300), as: UTF8.self))"
            }
        }
        return nil
    }

    /// The service as the request-path fuzzer wires it.
    static func requestService(store: String, refusingPeer: Bool) throws -> LabelService {
        let configuration = StoreConfiguration(directory: repository.appendingPathComponent(store).path)
        let loaded = try StoreLoader.load(configuration)
        let state = stateDirectory
        let metrics = Metrics()
        let holder = CatalogHolder(ServiceState(store: loaded))
        let readiness = Readiness()
        readiness.set(true)
        return LabelService(
            catalog: holder, readiness: readiness, metrics: metrics, admin: AdminAuthorization(token: "fuzz-admin-token"),
            reloader: StoreReloader(configuration: configuration, holder: holder, metrics: metrics, log: { _ in }),
            missing: MissingReportStore(stateDirectory: state, recorder: MissingKeyRecorder(maxEntries: 500)),
            usage: UsageStore(stateDirectory: state, current: { holder.state.usage }),
            fleet: refusingPeer ? .fleet(Fleet(endpoints: [PeerEndpoint(host: "127.0.0.1", port: 1)], timeout: .milliseconds(500),
                                               adminToken: "fuzz-admin-token")) : .single)
    }

    /// A merge input (first byte: bit 0 the fleet reads, bits 1-3 the format, bit 7 a recipe;
    /// then JSON, which is what the kept ones hold).
    static func merge(_ input: [UInt8]) -> String? {
        guard let control = input.first else { return "empty input" }
        guard control & 0x80 == 0 else { return "a recipe input: keep the JSON it built (FUZZ_ECHO=1) instead" }
        let body = Array(input.dropFirst())
        let local = localRecorder()
        if let page = MissingReport.decodePage(body) {
            let merged = local.snapshot().merging([page.report, page.report])
            _ = merged.jsonBytes()
            _ = merged.csvBytes()
            _ = merged.stringsStub()
        }
        if let decoded = try? MissingReportStore.decode(body) {
            let recorder = MissingKeyRecorder(maxEntries: 10, maxKeyBytes: 8)
            _ = recorder.restore(decoded.report)
            _ = recorder.snapshot().merging([recorder.snapshot(), local.snapshot()]).jsonBytes()
        }
        _ = UsageStore.decode(body)
        _ = try? MissingKeyRecorder.parseReported(body, defaultTable: "Localizable")
        guard control & 1 != 0 else { return nil }
        let formats = ["json", "csv", "xliff", "strings", "html", "json", "json", "csv"]
        return fleetReads(body, local: local, format: formats[Int(control >> 1) & 7])
    }

    /// This replica's report as the merge fuzzer has it: counters at the top of what a state file may hold.
    static func localRecorder() -> MissingKeyRecorder {
        let recorder = MissingKeyRecorder(maxEntries: 10)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let top = MissingReportStore.maximumHits
        _ = recorder.restore(MissingReport(
            entries: [MissingReport.Entry(key: "k", table: "Localizable", requested: "de", servedFrom: "en",
                                          hits: top, firstSeen: now, lastSeen: now, plural: nil)],
            dropped: MissingReport.Dropped(newEntries: top, longKeys: top, reported: top), since: now))
        return recorder
    }

    /// `GET /missing?format=…` and `GET /usage` on a replica whose one peer (a loopback server) answers `body`.
    static func fleetReads(_ body: [UInt8], local: MissingKeyRecorder, format: String) -> String? {
        struct Peer: HTTPResponder {
            let body: [UInt8]
            func respond(to request: HTTPRequest) -> HTTPResponse {
                HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: body)
            }
            func respond(to error: HTTPParseError) -> HTTPResponse { HTTPResponse(status: .badRequest) }
        }
        let peer = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                               responder: Peer(body: body))
        do {
            let address = try peer.start()
            let state = stateDirectory
            defer { try? FileManager.default.removeItem(at: state) }
            let holder = CatalogHolder(ServiceState(store: try StoreLoader.load(
                StoreConfiguration(directory: repository.appendingPathComponent("Strings").path))))
            let service = LabelService(
                catalog: holder, missing: MissingReportStore(stateDirectory: state, recorder: local),
                usage: UsageStore(stateDirectory: state, current: { holder.state.usage }),
                fleet: .fleet(Fleet(endpoints: [PeerEndpoint(host: "127.0.0.1", port: address.port)], timeout: .seconds(2), adminToken: "t")))
            let requests = "GET /missing?format=\(format) HTTP/1.1\r\nHost: x\r\n\r\nGET /usage HTTP/1.1\r\nHost: x\r\n\r\n"
            for answer in try InProcessExchange.answers(to: Array(requests.utf8), responder: service)
            where answer.response.status.code >= 500 {
                return "\(answer.response.status.code) for \(answer.request?.target ?? "?")"
            }
        } catch {
            return "\(error)"
        }
        return nil
    }
}
