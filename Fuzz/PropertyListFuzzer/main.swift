// libFuzzer entry for LabelCore's PropertyListReader, differential against Foundation's
// PropertyListSerialization. Built by scripts/fuzz-plist.sh with the reader's sources from
// Sources/LabelCore/Formats; outside Sources/ so `swift build` ignores it.
// Whatever the reader reads must be what Foundation reads; what it calls malformed,
// Foundation must reject; `unsupported` is Foundation's to decide.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyListReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let ours: PropertyListValue
    do {
        ours = try PropertyListReader.read(bytes)
    } catch {
        precondition(error.offset >= 0 && error.offset <= size, "error offset \(error.offset) outside the input")
        // A binary plist the reader calls malformed is not shown to Foundation: corelibs'
        // binary reader follows out-of-range object offsets outside the buffer (CI's fuzz
        // run found `bplist00…` with every offset past the end read as a dictionary, then
        // ASan stopped on the wild read). The loader does the same (PropertyListValue.read):
        // for such input the reader's error stands.
        if case .malformed(let reason) = error.reason, !bytes.starts(with: Array("bplist".utf8)) {
            let theirs = try? PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
            precondition(theirs == nil, "the reader calls malformed (\(reason)) what Foundation reads")
        }
        return 0
    }
    guard let theirs = try? PropertyListSerialization.propertyList(from: bytes, options: [], format: nil) else {
        preconditionFailure("the reader reads what Foundation rejects: \(ours)")
    }
    precondition(PropertyListValue(foundation: theirs) == ours, "values differ: \(ours)")
    return 0
}
