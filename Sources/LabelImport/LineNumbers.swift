/// The 1-based line of a byte offset in UTF-8 text, in O(log lines): the XLIFF reader
/// numbers every unit, and a column (which LabelCore's `UTF8LineIndex` counts from the
/// line's start) would make a file on one line quadratic. Columns are counted only for
/// the one location an error reports.
struct LineNumbers {
    /// Byte offset at which each line after the first starts.
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        var starts: [Int] = []
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.starts = starts
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
