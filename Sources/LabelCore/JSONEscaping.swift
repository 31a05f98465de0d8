/// What a JSON string body escapes, decided in one place for ``JSONWriter``,
/// ``BoundedJSONWriter`` and `LabelImport`'s String Catalog layout: `"`, `\`, C0
/// controls (`\n`, `\r`, `\t` by name, the rest as `\u00XX`) and U+2028/U+2029 (valid
/// JSON, but line breaks to JavaScript) unless `lineSeparators` is false (Xcode writes
/// them as they are in a String Catalog).
enum JSONEscaping {
    /// Walks `utf8`, handing `emit` the runs that need no escape and each escape
    /// sequence, in order; their concatenation is the escaped body.
    @inline(__always)
    static func forEachPiece(_ utf8: UnsafeBufferPointer<UInt8>, lineSeparators: Bool = true,
                             _ emit: (UnsafeRawBufferPointer) -> Void) {
        let all = UnsafeRawBufferPointer(utf8)
        var start = 0
        var index = 0
        while index < utf8.count {
            // Eight bytes at a time while none of them may need an escape: labels are
            // mostly such runs, and a byte at a time was most of a label body's cost.
            if index + 8 <= utf8.count,
               !mayNeedEscape(UInt64(littleEndian: all.loadUnaligned(fromByteOffset: index, as: UInt64.self))) {
                index += 8
                continue
            }
            let byte = utf8[index]
            // Only these bytes may need an escape (0xE2 leads U+2028/U+2029);
            // everything else is copied in runs.
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
                index += 1
                continue
            }
            var length = 1
            let escape: StaticString
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0..<0x20: escape = controlEscapes[Int(byte)]
            case 0xE2 where lineSeparators && index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                length = 3
            default:
                index += 1
                continue
            }
            emit(UnsafeRawBufferPointer(rebasing: all[start..<index]))
            emit(UnsafeRawBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
            index += length
            start = index
        }
        emit(UnsafeRawBufferPointer(rebasing: all[start..<utf8.count]))
    }

    /// Whether some byte of these eight is one the loop of ``forEachPiece(_:_:)`` stops at:
    /// below 0x20, `"`, backslash or 0xE2 (bit tricks that are exact as a yes/no answer:
    /// "haszero" and "hasless" of Sean Anderson's Bit Twiddling Hacks).
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        let belowSpace = (word &- ones &* 0x20) & ~word & high
        let quote = hasZeroByte(word ^ (ones &* 0x22))
        let backslash = hasZeroByte(word ^ (ones &* 0x5C))
        let e2 = hasZeroByte(word ^ (ones &* 0xE2))
        return (belowSpace | quote | backslash | e2) != 0
    }

    /// `\u0000` … `\u001f`, in lowercase hex as the writers have always written them.
    private static let controlEscapes: [StaticString] = [
        "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
        "\\u0008", "\\u0009", "\\u000a", "\\u000b", "\\u000c", "\\u000d", "\\u000e", "\\u000f",
        "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
        "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
    ]
}
