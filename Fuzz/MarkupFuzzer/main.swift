// libFuzzer entry for inline attribute markup: templates through InlineMarkup, the
// formatter and the runs' JSON (MarkupFuzzCase.swift says how an input is read). Built by
// scripts/fuzz-tools.sh markup; it lives outside Sources/ so `swift build` ignores it.
// Must never trap or hang, and no well-formed markup may reach a plain output.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzInput.fuzz(data, size, MarkupFuzzCase.run)
}
