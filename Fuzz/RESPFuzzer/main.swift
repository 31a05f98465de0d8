// libFuzzer entry for the Redis client's input: what a server sends through the RESP2 reply
// parser (whole and split), and `redis://` URLs (RESPFuzzCase.swift says how an input is
// read). Built by scripts/fuzz-tools.sh resp; it lives outside Sources/ so `swift build`
// ignores it. Must never trap or hang, and a split stream must parse as the whole one does.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRESP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzInput.fuzz(data, size, RESPFuzzCase.run)
}
