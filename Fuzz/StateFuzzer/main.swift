// libFuzzer entry for what the server reads back as JSON: the missing-report state file
// (MissingReportStore.decode → MissingKeyRecorder.restore, as load does, with small
// --missing-max-entries and --missing-max-key-bytes, duplicates summed, then every rendering),
// the usage file (UsageStore.decode) and a `POST /missing` body (MissingKeyRecorder.parseReported).
// Built by scripts/fuzz-state.sh; it lives outside Sources/ so `swift build` ignores it.
//
// Input: the first byte is the control byte (bit 7: the rest is a ReportRecipe, which builds
// well-formed reports with extreme numbers), the rest is the JSON (or the recipe). Must never
// trap or hang.
import Foundation
import MissingKeys

let echo = ProcessInfo.processInfo.environment["FUZZ_ECHO"] != nil

/// FUZZ_SKIP=a,b: bodies containing any of these are not read, to look past a known finding
/// while it is being fixed (e.g. FUZZ_SKIP=92233720368547758,46116860184273879).
let skipped: [[UInt8]] = (ProcessInfo.processInfo.environment["FUZZ_SKIP"] ?? "").split(separator: ",").map { Array($0.utf8) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzState(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let control = input.first else { return 0 }
    var recipe = ReportRecipe(input.dropFirst())
    let body = control & 0x80 != 0 ? recipe.build() : Array(input.dropFirst())
    if echo { FileHandle.standardError.write(Data("body \(String(decoding: body, as: UTF8.self))\n".utf8)) }
    if skipped.contains(where: { body.firstRange(of: $0) != nil }) { return 0 }
    restoreStateFile(body)
    _ = UsageStore.decode(body)
    _ = try? MissingKeyRecorder.parseReported(body, defaultTable: "Localizable")
    return 0
}

/// A state file read back as `load` does, into a recorder holding at most 10 entries, then
/// rendered in every format and a page of it.
func restoreStateFile(_ body: [UInt8]) {
    guard let decoded = try? MissingReportStore.decode(body) else { return }
    let recorder = MissingKeyRecorder(maxEntries: 10, maxKeyBytes: 8)
    _ = recorder.restore(decoded.report)
    let snapshot = recorder.snapshot()
    _ = snapshot.jsonBytes()
    _ = snapshot.csvBytes()
    _ = snapshot.stringsStub()
    _ = snapshot.page(MissingReportQuery(limit: 5, offset: 1)).report.jsonBytes()
}
