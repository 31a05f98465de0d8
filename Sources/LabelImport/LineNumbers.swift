import LabelCore

/// Lines and columns of byte offsets in UTF-8 text, for the one error a reader
/// reports: lines by bisection over the line starts, the column counted from its line's
/// start without copying the text (as LabelCore's `UTF8LineIndex`, which copies it).
/// Elements are numbered as the tree is read (``XMLTreeReader``), not through this.
struct LineNumbers {
    /// Byte offset at which each line after the first starts.
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        var starts: [Int] = []
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.starts = starts
    }

    /// The line and column of the byte at `offset` of `bytes` (columns count scalars; a
    /// leading byte order mark is not counted), as LabelCore's `UTF8LineIndex` gives them.
    func location(ofByte offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(ofByte: offset)
        var start = line == 1 ? 0 : starts[line - 2]
        if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, offset) }
        var column = 1
        for byte in bytes[start..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The line holding the byte at `offset`.
    func line(ofByte offset: Int) -> Int {
        // Lines starting at or before `offset`, plus the first.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}
