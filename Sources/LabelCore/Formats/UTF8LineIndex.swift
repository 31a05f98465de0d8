package import Foundation

/// Turns byte offsets in UTF-8 text into 1-based line and column numbers.
///
/// Foundation's readers report byte offsets or bare line numbers; errors and
/// warnings should point where an editor shows them. Columns count Unicode
/// scalars, as `SourceLocation` requires; a leading byte-order mark is not counted.
package struct UTF8LineIndex {
    private let bytes: [UInt8]
    /// Byte offset at which each line starts (line 1 at index 0).
    private let lineStarts: [Int]
    private let bomLength: Int

    package init(_ data: Data) {
        bytes = [UInt8](data)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
        bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The location of the byte at `offset` (clamped to the text).
    package func location(ofByte offset: Int, file: String) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        // Last line start not after `offset`.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = low == 0 ? min(bomLength, offset) : lineStarts[low]
        // UTF-8 continuation bytes (10xxxxxx) do not start a scalar.
        let scalars = bytes[start..<offset].lazy.filter { $0 & 0xC0 != 0x80 }.count
        return SourceLocation(file: file, line: low + 1, column: scalars + 1)
    }

    /// The location of the byte at `offset` of `bytes` (clamped), as an index gives it,
    /// counted in one pass without building one or copying the text: for a reader's one
    /// error in a large input (`LabelImport`'s XLIFF reader).
    package static func location(ofByte offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
        for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            start = position + 1
        }
        let scalars = bytes[start..<offset].lazy.filter { $0 & 0xC0 != 0x80 }.count
        return SourceLocation(file: file, line: line, column: scalars + 1)
    }

    /// The start of a 1-based `line`, for readers that report only a line number.
    package func location(ofLine line: Int, file: String) -> SourceLocation {
        SourceLocation(file: file, line: min(max(line, 1), lineStarts.count), column: 1)
    }
}
