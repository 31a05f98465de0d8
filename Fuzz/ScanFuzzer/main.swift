// libFuzzer entry for `label-server scan`: Swift and Objective-C source bytes through the
// lexer and the site scanner (ScanFuzzCase.swift says how an input is read). Built by
// scripts/fuzz-tools.sh scan; it lives outside Sources/ so `swift build` ignores it.
// Must never trap or hang (libFuzzer's -timeout), and every site lies inside the input.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScan(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzInput.fuzz(data, size, ScanFuzzCase.run)
}
