/// One pass of removing markup from a template's UTF-8: the text left, the runs (UTF-16
/// offsets into it) and where UTF-16 code units were removed, to carry earlier runs over.
struct InlineMarkupStripping {
    private let bytes: [UInt8]
    private(set) var text: [UInt8] = []
    private(set) var runs: [LabelRun] = []
    private(set) var removals = UTF16Removals()
    /// UTF-16 code units read from `bytes` and written to `text` so far.
    private var inputUTF16 = 0
    private var outputUTF16 = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        text.reserveCapacity(bytes.count)
    }

    mutating func strip(_ spans: [InlineMarkupSpan], from lower: Int, to upper: Int) {
        var cursor = lower
        for span in spans {
            copy(cursor, span.open)
            remove(span.open, span.textStart)
            let index = runs.count
            let start = outputUTF16
            runs.append(LabelRun(start: start, length: 0, attributes: span.attributes))
            strip(span.children, from: span.textStart, to: span.close)
            runs[index].length = outputUTF16 - start
            remove(span.close, span.end)
            cursor = span.end
        }
        copy(cursor, upper)
        if lower == 0 && upper == bytes.count {
            runs.removeAll { $0.length == 0 || $0.attributes.isEmpty }
        }
    }

    private mutating func copy(_ lower: Int, _ upper: Int) {
        guard lower < upper else { return }
        text.append(contentsOf: bytes[lower..<upper])
        let count = Self.utf16Count(bytes[lower..<upper])
        inputUTF16 += count
        outputUTF16 += count
    }

    private mutating func remove(_ lower: Int, _ upper: Int) {
        let count = Self.utf16Count(bytes[lower..<upper])
        removals.append(at: inputUTF16, length: count)
        inputUTF16 += count
    }

    /// UTF-16 code units of well-formed UTF-8: one per scalar, two for four-byte ones.
    static func utf16Count(_ utf8: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in utf8 where byte & 0xC0 != 0x80 {
            count += byte >= 0xF0 ? 2 : 1
        }
        return count
    }
}
