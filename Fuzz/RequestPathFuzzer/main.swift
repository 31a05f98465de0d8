// libFuzzer entry for the whole request path, in process: the server's parser →
// LabelService.respond(to:context:) (what the event loop calls; deferred answers awaited)
// → content negotiation → the response encoder, through TestSupport's InProcessExchange
// (compiled into this fuzzer by scripts/fuzz-requests.sh).
// Built by scripts/fuzz-requests.sh with the package's modules compiled for coverage; it
// lives outside Sources/ so `swift build` ignores it.
//
// Input: the first byte is the control byte. Bit 0 picks the store (0: the bundled
// Strings/, 1: Fuzz/Stores/hostile); bits 1-6 are ignored. Bit 7 set: the rest is raw HTTP bytes (the mode of
// every regression input in Fuzz/Regressions/requests/). Bit 7 clear: the rest is a
// recipe, and RequestRecipe builds well-formed requests from the dictionary in
// RequestWords.swift (routes, query names, BCP 47 tags and extensions, counts,
// specifiers, header values), which reaches deep paths far sooner than raw bytes.
//
// Findings: a trap or sanitizer report (libFuzzer writes the input), a 5xx other than a
// documented 503, a deferred answer never completed (a hang), or a response the server's
// own response parser cannot read back. Set FUZZ_ECHO=1 to print each built request.
import Foundation
import HTTP1
import HTTPServer
import LabelCore
import LabelServer
import MissingKeys

/// The repository, found from this file's path (the script compiles it from there).
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// One LabelService per store, wired as `serve` wires it (admin token, reloader, missing
/// report and usage with state files in a temporary directory), minus sockets.
let services: [LabelService] = ["Strings", "Fuzz/Stores/hostile"].enumerated().map { index, store in
    let directory = repository.appendingPathComponent(store).path
    let configuration = StoreConfiguration(directory: directory)
    let loaded: LoadedStore
    do { loaded = try StoreLoader.load(configuration) } catch { fatalError("cannot load \(directory): \(error)") }
    let state = FileManager.default.temporaryDirectory
        .appendingPathComponent("label-server-request-path-fuzzer-\(index)", isDirectory: true)
    // Fresh each start (a DELETE /missing writes there), one per service, shared by fork workers.
    try? FileManager.default.removeItem(at: state)
    try? FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let metrics = Metrics()
    let holder = CatalogHolder(ServiceState(store: loaded))
    let readiness = Readiness()
    readiness.set(true)
    let missing = MissingReportStore(stateDirectory: state, recorder: MissingKeyRecorder(maxEntries: 500))
    return LabelService(
        catalog: holder, readiness: readiness, metrics: metrics, admin: AdminAuthorization(token: RequestWords.adminToken),
        reloader: StoreReloader(configuration: configuration, holder: holder, metrics: metrics, log: { _ in }),
        missing: missing, usage: UsageStore(stateDirectory: state, current: { holder.state.usage }))
}

let echo = ProcessInfo.processInfo.environment["FUZZ_ECHO"] != nil

/// FUZZ_SKIP=a,b: requests containing any of these (ASCII case-insensitive) are not sent, to
/// look past a known finding while it is being fixed (e.g. FUZZ_SKIP=-u-,_u_).
let skipped: [[UInt8]] = (ProcessInfo.processInfo.environment["FUZZ_SKIP"] ?? "")
    .split(separator: ",").map { Array($0.lowercased().utf8) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let control = input.first else { return 0 }
    let service = services[Int(control & 1)]
    var recipe = RequestRecipe(input.dropFirst())
    let bytes = control & 0x80 != 0 ? Array(input.dropFirst()) : recipe.build()
    if echo {
        let escaped = String(decoding: bytes, as: UTF8.self).debugDescription
        FileHandle.standardError.write(Data("store \(control & 1) request \(escaped)\n".utf8))
    }
    if !skipped.isEmpty {
        let lowered = Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)
        if skipped.contains(where: { lowered.firstRange(of: $0) != nil }) { return 0 }
    }
    check(bytes, service: service)
    return 0
}

/// Answers `bytes` as the event loop would, and traps on anything a client must never see.
func check(_ bytes: [UInt8], service: LabelService) {
    let answers: [InProcessExchange.Answer]
    do {
        answers = try InProcessExchange.answers(to: bytes, responder: service, deferredTimeoutMilliseconds: 20_000)
    } catch {
        finding("the responder broke the loop's contract: \(error)")
    }
    for answer in answers {
        let status = answer.response.status.code
        let reason = String(decoding: answer.response.body.prefix(300), as: UTF8.self)
        // The parser's own 501 (a method too long) and 505 (a version it does not speak) are the contract.
        let allowed: Set<Int> = answer.request == nil ? [501, 505] : [503]
        if status >= 500 && !allowed.contains(Int(status)) {
            finding("\(status) for \(answer.request.map { "\($0.method) \($0.target)" } ?? "a rejected request"): \(reason)")
        }
        var parser = HTTPResponseParser(limits: .init(maxBodyBytes: 1 << 30), requestWasHead: answer.request?.method == .head)
        parser.append(answer.encoded)
        parser.finish()
        do {
            guard try parser.next() != nil else { finding("the encoded response is incomplete: \(reason)") }
        } catch {
            finding("the encoded response does not parse back: \(error) \(reason)")
        }
    }
}

/// Reports a finding and aborts (libFuzzer keeps the input); in -O a precondition's message is lost.
func finding(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FINDING: \(message)\n".utf8))
    abort()
}
