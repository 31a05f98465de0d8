/// Ranges of UTF-16 code units removed from a text, in order, to carry an offset into the
/// text before the removal over to the text after it.
package struct UTF16Removals: Sendable, Hashable {
    private var ranges: [(start: Int, length: Int)] = []

    package init() {}

    package var isEmpty: Bool { ranges.isEmpty }

    /// Records `length` units removed at `start` (an offset into the text before any of
    /// the removals); calls come in increasing `start`.
    package mutating func append(at start: Int, length: Int) {
        guard length > 0 else { return }
        ranges.append((start, length))
    }

    /// The offset after the removals; an offset inside a removed range goes to where
    /// that range was.
    package func map(_ offset: Int) -> Int {
        var removed = 0
        for range in ranges {
            if range.start + range.length <= offset {
                removed += range.length
            } else {
                return min(offset, range.start) - removed
            }
        }
        return offset - removed
    }

    /// The run with both ends carried over.
    package func map(_ run: LabelRun) -> LabelRun {
        let start = map(run.start)
        return LabelRun(start: start, length: map(run.end) - start, attributes: run.attributes)
    }

    package static func == (left: Self, right: Self) -> Bool {
        left.ranges.elementsEqual(right.ranges) { $0 == $1 }
    }

    package func hash(into hasher: inout Hasher) {
        for range in ranges {
            hasher.combine(range.start)
            hasher.combine(range.length)
        }
    }
}
