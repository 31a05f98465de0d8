// libFuzzer entry for what replicas and state files hand the server as JSON: a peer's
// `GET /missing?scope=local` page (MissingReport.decodePage, then merging and every
// rendering), a peer's `GET /usage` (UsageStore.decode), the missing-report state file
// (MissingReportStore.decode → MissingKeyRecorder.restore, as load does, with small
// --missing-max-entries and --missing-max-key-bytes), a `POST /missing` body (MissingKeyRecorder.parseReported), and,
// for one input in two, the real fleet read: LabelService with --peers pointing at a
// loopback EpollServer in this process that answers every call with the input.
// Built by scripts/fuzz-merge.sh; it lives outside Sources/ so `swift build` ignores it.
//
// Input: the first byte is the control byte (bit 0: run the fleet reads; bits 1-3: the
// format asked of the fleet's /missing; bit 7: the rest is a ReportRecipe, which builds
// well-formed reports with extreme numbers), the rest is the JSON (or the recipe). Must never trap, hang or
// answer 5xx (a peer's bad answer makes the read partial, never a failure).
import Foundation
import HTTP1
import HTTPServer
import LabelCore
import LabelServer
import MissingKeys
import Sockets
import Synchronization

/// What the in-process peer answers (the current input).
let peerBody = Mutex<[UInt8]>([])

struct PeerResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: peerBody.withLock { $0 })
    }

    func respond(to error: HTTPParseError) -> HTTPResponse { HTTPResponse(status: .badRequest) }
}

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// This replica's own report: hits and drop counters near the top of what a state file may hold.
let localRecorder: MissingKeyRecorder = {
    let recorder = MissingKeyRecorder(maxEntries: 10)
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let report = MissingReport(
        entries: [MissingReport.Entry(key: "k", table: "Localizable", requested: "de", servedFrom: "en",
                                      hits: MissingReportStore.maximumHits, firstSeen: now, lastSeen: now, plural: nil)],
        dropped: MissingReport.Dropped(newEntries: MissingReportStore.maximumHits, longKeys: MissingReportStore.maximumHits,
                                       reported: MissingReportStore.maximumHits),
        since: now)
    _ = recorder.restore(report)
    return recorder
}()

/// The replica under test: the bundled store, a missing report and usage, one peer (the loopback server).
let fleetService: LabelService = {
    let server = EpollServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1),
                             responder: PeerResponder())
    let address: SocketAddress
    do { address = try server.start() } catch { fatalError("the in-process peer did not start: \(error)") }
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("label-server-merge-fuzzer", isDirectory: true)
    try? FileManager.default.removeItem(at: state) // nothing is written there; nothing old is read back
    let loaded: LoadedStore
    do {
        loaded = try StoreLoader.load(StoreConfiguration(directory: repository.appendingPathComponent("Strings").path))
    } catch { fatalError("cannot load Strings/: \(error)") }
    let holder = CatalogHolder(ServiceState(store: loaded))
    let fleet = Fleet(endpoints: [PeerEndpoint(host: "127.0.0.1", port: address.port)], timeout: .seconds(2), adminToken: "t")
    return LabelService(catalog: holder, missing: MissingReportStore(stateDirectory: state, recorder: localRecorder),
                        usage: UsageStore(stateDirectory: state, current: { holder.state.usage }), fleet: .fleet(fleet))
}()

let echo = ProcessInfo.processInfo.environment["FUZZ_ECHO"] != nil

/// FUZZ_SKIP=a,b: bodies containing any of these are not read, to look past a known finding
/// while it is being fixed (e.g. FUZZ_SKIP=92233720368547758,46116860184273879).
let skipped: [[UInt8]] = (ProcessInfo.processInfo.environment["FUZZ_SKIP"] ?? "").split(separator: ",").map { Array($0.utf8) }

let formats = ["json", "csv", "xliff", "strings", "html", "json", "json", "csv"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let control = input.first else { return 0 }
    var recipe = ReportRecipe(input.dropFirst())
    let body = control & 0x80 != 0 ? recipe.build() : Array(input.dropFirst())
    if echo { FileHandle.standardError.write(Data("body \(String(decoding: body, as: UTF8.self))\n".utf8)) }
    if skipped.contains(where: { body.firstRange(of: $0) != nil }) { return 0 }
    mergePeerPage(body)
    restoreStateFile(body)
    _ = UsageStore.decode(body)
    _ = try? MissingKeyRecorder.parseReported(body, defaultTable: "Localizable")
    if control & 1 != 0 { fleetReads(body, format: formats[Int(control >> 1) & 7]) }
    return 0
}

/// A peer's page merged into this replica's report (twice, as from two peers), then rendered.
func mergePeerPage(_ body: [UInt8]) {
    guard let page = MissingReport.decodePage(body) else { return }
    let merged = localRecorder.snapshot().merging([page.report, page.report])
    _ = merged.jsonBytes()
    _ = merged.csvBytes()
    _ = merged.stringsStub()
    _ = merged.page(MissingReportQuery(limit: 5, offset: 1)).report.jsonBytes()
}

/// A state file read back as `load` does, into a recorder holding at most 10 entries, merged with itself.
func restoreStateFile(_ body: [UInt8]) {
    guard let decoded = try? MissingReportStore.decode(body) else { return }
    let recorder = MissingKeyRecorder(maxEntries: 10, maxKeyBytes: 8)
    _ = recorder.restore(decoded.report)
    let snapshot = recorder.snapshot()
    _ = snapshot.merging([snapshot, localRecorder.snapshot()]).jsonBytes()
}

/// `GET /missing` and `GET /usage` on the fleet replica, whose peer answers `body`.
func fleetReads(_ body: [UInt8], format: String) {
    peerBody.withLock { $0 = body }
    let requests = "GET /missing?format=\(format) HTTP/1.1\r\nHost: x\r\n\r\nGET /usage HTTP/1.1\r\nHost: x\r\n\r\n"
    let answers: [InProcessExchange.Answer]
    do {
        answers = try InProcessExchange.answers(to: Array(requests.utf8), responder: fleetService)
    } catch {
        finding("the responder broke the loop's contract: \(error)")
    }
    for answer in answers {
        let status = answer.response.status.code
        if status >= 500 {
            finding("\(status) for \(answer.request?.target ?? "?"): \(String(decoding: answer.response.body.prefix(300), as: UTF8.self))")
        }
    }
}

/// Reports a finding and aborts (libFuzzer keeps the input); in -O a precondition's message is lost.
func finding(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FINDING: \(message)\n".utf8))
    abort()
}
