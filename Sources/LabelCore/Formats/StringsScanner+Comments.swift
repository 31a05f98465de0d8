/// The developer's comment right above a key, as Xcode writes them: a `/* … */` comment,
/// or a run of `//` lines, with at most one line break between it and the key (so a
/// file's header comment, a blank line away, is no entry's comment).
extension StringsScanner {
    /// Records a comment met while skipping whitespace (`range`: its text without `/*`,
    /// `*/` or `//`); consecutive `//` lines make one comment.
    mutating func noteComment(_ range: Range<Int>, line: Bool) {
        if line, pendingIsLineComment, breaksAfterComment == 1, !pendingComments.isEmpty {
            pendingComments.append(range)
        } else {
            pendingComments = [range]
        }
        pendingIsLineComment = line
        breaksAfterComment = 0
    }

    /// Counts a line break at `index` (CR LF once) after the pending comment.
    mutating func countBreak(at index: Int) {
        guard !pendingComments.isEmpty else { return }
        let unit = units[index]
        let isBreak = unit == 0x0A || unit == 0x2028 || unit == 0x2029
            || (unit == 0x0D && !(index + 1 < units.count && units[index + 1] == 0x0A))
        if isBreak { breaksAfterComment += 1 }
    }

    /// The pending comment when it stands right above the key just read (trimmed, bounded
    /// by ``DeveloperComment``), else `nil`.
    func commentAbove() -> String? {
        guard !pendingComments.isEmpty, breaksAfterComment <= 1 else { return nil }
        // A comment longer than the bound is cut before it is decoded: a UTF-16 unit is at
        // least one UTF-8 byte, so one unit more than the bound still shows it is longer.
        var budget = DeveloperComment.maximumBytes + 1
        var lines: [String] = []
        for range in pendingComments where budget > 0 {
            let kept = range.lowerBound..<min(range.upperBound, range.lowerBound + budget)
            budget -= kept.count
            let text = String(decoding: UnsafeBufferPointer(rebasing: units[kept]), as: UTF16.self)
            lines.append(pendingIsLineComment ? DeveloperComment.cleaned(text) ?? "" : text)
        }
        return DeveloperComment.cleaned(lines.count == 1 ? lines[0] : lines.joined(separator: "\n"))
    }
}
