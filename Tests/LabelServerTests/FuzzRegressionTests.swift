import Foundation
import Glibc
import HTTP1
import HTTPServer
import LabelCore
import LabelServer
import MissingKeys
import Testing
import TestSupport

/// Every input the fuzz targets (scripts/fuzz-requests.sh, scripts/fuzz-state.sh) found a
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
        #expect(!Self.inputs("state").isEmpty)
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

    @Test("a state file or report body the state fuzzer once broke the server with is read: no trap or hang",
          arguments: inputs("state"))
    func state(_ name: String) async {
        let path = Self.regressions.appendingPathComponent("state").appendingPathComponent(name).path
        await #expect(processExitsWith: .success, "replaying Fuzz/Regressions/state/\(name)") { [path = path as String] in
            if let problem = FuzzReplay.state(Array(FileManager.default.contents(atPath: path) ?? Data())) {
                FuzzReplay.fail(problem)
            }
        }
    }
}

/// The fuzz targets' paths (Fuzz/RequestPathFuzzer, Fuzz/StateFuzzer), for their inputs'
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

    /// A request-path input (first byte: bit 0 the store, bit 7 raw; the kept ones are raw).
    static func request(_ input: [UInt8]) -> String? {
        guard let control = input.first else { return "empty input" }
        guard control & 0x80 != 0 else { return "a recipe input: keep the request it built (FUZZ_ECHO=1) instead" }
        let store = control & 1 == 0 ? "Strings" : "Fuzz/Stores/hostile"
        defer { try? FileManager.default.removeItem(at: stateDirectory) }
        let service: LabelService
        do { service = try requestService(store: store) } catch { return "cannot load \(store): \(error)" }
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
    static func requestService(store: String) throws -> LabelService {
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
            usage: UsageStore(stateDirectory: state, current: { holder.state.usage }))
    }

    /// A state input (first byte: bit 7 a recipe; then JSON, which is what the kept ones hold),
    /// through the fuzzer's own ``StateFuzzCase``.
    static func state(_ input: [UInt8]) -> String? {
        guard let control = input.first else { return "empty input" }
        guard control & 0x80 == 0 else { return "a recipe input: keep the JSON it built (FUZZ_ECHO=1) instead" }
        StateFuzzCase.run(Array(input.dropFirst()))
        return nil
    }
}
