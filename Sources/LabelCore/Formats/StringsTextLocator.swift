/// Turns offsets in a file's UTF-16 code units into 1-based line and column.
///
/// Lines end at `\n`, `\r` or `\r\n`, as CoreFoundation counts them in its
/// messages; columns count Unicode scalars. Requests usually move forward
/// through the file, so the locator resumes from the last answer instead of
/// rescanning (linear over a whole parse); a step back (a warning inside a
/// value, then its key's location) costs only the distance and one line.
struct StringsTextLocator {
    private let units: UnsafeBufferPointer<UInt16>
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1

    init(units: UnsafeBufferPointer<UInt16>, file: String) {
        self.units = units
        self.file = file
    }

    mutating func location(at offset: Int) -> SourceLocation {
        let target = min(offset, units.count)
        if target < index {
            moveBack(to: target)
        }
        while index < target {
            let unit = units[index]
            if unit == 0x0A {
                // The `\n` of a `\r\n` was counted with its `\r`.
                if index == 0 || units[index - 1] != 0x0D {
                    line += 1
                    column = 1
                }
            } else if unit == 0x0D {
                line += 1
                column = 1
            } else if unit & 0xFC00 != 0xDC00 {
                // A low surrogate is the second half of a scalar already counted.
                column += 1
            }
            index += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    private mutating func moveBack(to target: Int) {
        var cursor = index
        while cursor > target {
            cursor -= 1
            let unit = units[cursor]
            if unit == 0x0D || (unit == 0x0A && (cursor == 0 || units[cursor - 1] != 0x0D)) {
                line -= 1
            }
        }
        var lineStart = target
        while lineStart > 0, units[lineStart - 1] != 0x0A, units[lineStart - 1] != 0x0D {
            lineStart -= 1
        }
        column = 1
        for offset in lineStart..<target where units[offset] & 0xFC00 != 0xDC00 {
            column += 1
        }
        index = target
    }
}
