import AtomicFile
import BackgroundWork
import Foundation
import HTTP1
import HTTPServer
import MissingKeys
import Testing
import TestSupport
@testable import LabelCore
@testable import LabelServer

/// "A responder never blocks", in code: every blocking function refuses to run on a thread
/// marked as an event loop's, and the dispatcher sends every blocking request to a worker.
@Suite struct LoopRuleTests {
    static let token = "loop-rule-token"

    /// Each blocking function, called from a thread marked as a loop (in a child process):
    /// the process stops, saying what blocked.
    @Test(arguments: ["atomic file write", "store reload", "coverage", "bundle body", "gzip", "report flush", "usage flush",
                      "whole report", "untranslated keys", "resolved sweep"])
    func blockingWorkOnALoopStopsTheProcess(_ work: String) async throws {
        // The child stops without cleaning up: its folder is named for this process and the
        // case, and removed here.
        defer { try? FileManager.default.removeItem(at: Self.childFolder(parent: getpid(), work)) }
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [work = work as String] in
            let directory = LoopRuleTests.childFolder(parent: getppid(), work)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let configuration = StoreConfiguration(directory: LabelTestServer.bundledStore)
            guard let loaded = try? StoreLoader.load(configuration) else { exit(0) }   // not the failure looked for
            let state = ServiceState(store: loaded, coverageInBackground: false)
            let german = LanguageTag("de")!
            let slot = state.bundles.slot(table: "Localizable", chain: state.resolver.chain(preferred: [german]))!
            let body = PrecomputedBody(Array(repeating: UInt8(ascii: "a"), count: 4096), fingerprint: "f")
            let reloader = StoreReloader(configuration: configuration, holder: CatalogHolder(state), metrics: Metrics(), log: { _ in })
            let report = MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder())
            let usage = UsageStore(stateDirectory: directory, current: { state.usage })
            EventLoopThread.markCurrent()
            switch work {
            case "atomic file write": try? AtomicFile.write([1], to: directory.appendingPathComponent("x").path, directory: directory.path)
            case "store reload": reloader.reload()
            case "coverage": _ = state.coverage
            case "bundle body": _ = slot.body(.json, gzip: false)
            case "gzip": body.compress()
            case "report flush": _ = try? report.flushIfDirty()
            case "usage flush": _ = try? usage.flushIfDirty()
            case "untranslated keys": _ = Backlog().untranslated(Backlog.ListKey(language: "de", table: nil), serving: state)
            case "resolved sweep": Backlog().sweep(report.recorder, serving: state)
            default: _ = report.recorder.snapshot().jsonBytes()
            }
            exit(0)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("blocks, and was called on an event loop"), "\(work): \(stderr.suffix(300))")
    }

    /// The state folder of the child process testing `work`, by its parent's process id.
    static func childFolder(parent: pid_t, _ work: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("loop-rule-\(parent)-\(work)")
    }

    /// What was computed is read on a loop without a check failing: only building blocks.
    @Test func readingWhatIsBuiltOnALoopIsAllowed() async {
        await #expect(processExitsWith: .success) {
            guard let loaded = try? StoreLoader.load(StoreConfiguration(directory: LabelTestServer.bundledStore)) else { exit(2) }
            let state = ServiceState(store: loaded, coverageInBackground: false)
            _ = state.coverage
            EventLoopThread.markCurrent()
            exit(state.coverageIsReady && !state.coverage.rows(language: nil, table: nil).isEmpty ? 0 : 3)
        }
    }

    /// Every route, on a fresh state (no bundle built, coverage not computed) through the
    /// in-process exchange (which marks its thread as a loop): the routes that block are
    /// deferred to their worker, the rest answered inline, and no check fails.
    @Test func everyRouteRunsWhereItsRowPlacesIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loop-rule-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = StoreConfiguration(directory: LabelTestServer.bundledStore)
        let holder = CatalogHolder(ServiceState(store: try StoreLoader.load(configuration), coverageInBackground: false))
        let metrics = Metrics()
        let service = LabelService(
            catalog: holder, metrics: metrics, admin: AdminAuthorization(token: Self.token),
            reloader: StoreReloader(configuration: configuration, holder: holder, metrics: metrics, log: { _ in }),
            missing: MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder()),
            usage: UsageStore(stateDirectory: directory, current: { holder.state.usage }))
        let admin = "Authorization: Bearer \(Self.token)"
        let expected: [(request: String, status: Int, deferred: Bool)] = [
            ("GET /labels/coins.count?lang=de&count=2", 200, false),
            ("GET /labels?lang=de", 200, true),
            ("GET /labels?lang=de", 200, false),
            ("GET /labels?lang=de&table=Nope", 404, false),
            ("GET /missing", 200, true),
            ("GET /coverage", 200, true),
            ("GET /missing?format=csv", 200, false),
            // A language's untranslated keys are listed on the worker once per load, then read inline.
            ("GET /missing?lang=de&include=untranslated", 200, true),
            ("GET /missing?lang=de&include=untranslated&format=csv", 200, false),
            // XLIFF and HTML are rendered per request: with the backlog, always on the worker.
            ("GET /missing?lang=de&include=untranslated&format=xliff", 200, true),
            ("GET /missing?lang=de&include=untranslated&format=html", 200, true),
            ("GET /missing?lang=de&include=untranslated&format=xliff", 200, true),
            ("GET /missing?lang=de&format=xliff", 200, false),
            // A bad format is refused before any backlog is listed: inline, with no list built.
            ("GET /missing?lang=fr&include=untranslated&format=pdf", 400, false),
            ("GET /missing?include=garbage", 400, false),
            ("DELETE /missing?key=k&lang=de\r\n" + admin, 200, true),
            ("POST /missing", 415, false),
            ("DELETE /missing", 401, false),
            ("DELETE /missing\r\n" + admin, 200, true),
            ("GET /coverage", 200, false),
            ("GET /usage", 200, false),
            ("GET /healthz", 200, false),
            ("GET /readyz", 200, false),
            ("GET /metrics", 200, false),
            ("POST /admin/reload", 401, false),
            ("POST /admin/reload\r\n" + admin, 200, true),
            ("PUT /labels", 405, false),
            ("GET /nope", 404, false),
        ]
        for (line, status, deferred) in expected {
            let parts = line.split(separator: "\r\n", maxSplits: 1)
            let head = parts[0].split(separator: " ")
            let extra = parts.count > 1 ? "\(parts[1])\r\n" : ""
            let raw = "\(head[0]) \(head[1]) HTTP/1.1\r\nHost: test\r\n\(extra)Content-Length: 0\r\n\r\n"
            let answer = try #require(try InProcessExchange.answers(to: Array(raw.utf8), responder: service).first)
            #expect(answer.response.status.code == status, "\(line)")
            #expect(answer.deferred == deferred, "\(line)")
        }
    }

    /// The reload's own request must not hold the state it replaces: the reloader frees
    /// the previous catalog and trims the heap only once nothing references it (held, it
    /// waited 2 s, gave up, and the catalog outlived the trim: RSS 1.6x after a reload).
    @Test func aReloadThroughTheDispatcherLeavesThePreviousStateUnheld() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loop-rule-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = StoreConfiguration(directory: LabelTestServer.bundledStore)
        let holder = CatalogHolder(ServiceState(store: try StoreLoader.load(configuration), coverageInBackground: false))
        let metrics = Metrics()
        let reloader = StoreReloader(configuration: configuration, holder: holder, metrics: metrics, log: { _ in })
        let service = LabelService(
            catalog: holder, metrics: metrics, admin: AdminAuthorization(token: Self.token), reloader: reloader,
            missing: MissingReportStore(stateDirectory: directory, recorder: MissingKeyRecorder()),
            usage: UsageStore(stateDirectory: directory, current: { holder.state.usage }))
        let raw = "POST /admin/reload HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(Self.token)\r\nContent-Length: 0\r\n\r\n"
        for _ in 0..<2 {
            let answer = try #require(try InProcessExchange.answers(to: Array(raw.utf8), responder: service).first)
            #expect(answer.response.status.code == 200)
            #expect(answer.deferred)
        }
        #expect(reloader.previousStatesLeftHeld == 0)
    }
}
