// libFuzzer entry for `label-server export android`: store files (.strings, .stringsdict,
// .xcstrings) through LabelCore's loader into LabelAndroid's export (AndroidFuzzCase.swift
// says how an input is read). Built by scripts/fuzz-tools.sh android; it lives outside
// Sources/ so `swift build` ignores it. Must never trap or hang, and every strings.xml
// written must be well-formed XML.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroid(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzInput.fuzz(data, size, AndroidFuzzCase.run)
}
