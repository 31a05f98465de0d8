// libFuzzer entry for `label-server import`: XLIFF bytes and the store files they are
// imported into, together (ImportFuzzCase.swift says how an input is read). Built by
// scripts/fuzz-tools.sh import; it lives outside Sources/ so `swift build` ignores it.
// Must never trap or hang, and every planned write must stay in the bundle folder and
// read back with LabelCore's own parsers (a .stringsdict also as XML).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzInput.fuzz(data, size, ImportFuzzCase.run)
}
