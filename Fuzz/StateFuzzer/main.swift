// libFuzzer entry for what the server reads back as JSON (StateFuzzCase.swift: the
// missing-report state file restored as load does, the usage file, a `POST /missing` body).
// Built by scripts/fuzz-state.sh; it lives outside Sources/ so `swift build` ignores it.
//
// Input: the first byte is the control byte (bit 7: the rest is a ReportRecipe, which builds
// well-formed reports with extreme numbers), the rest is the JSON (or the recipe). Must never
// trap or hang.
import Foundation

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
    StateFuzzCase.run(body)
    return 0
}

