/// Finds the well-formed `^[text](name: value, …)` markup in a template's UTF-8, with
/// Apple's rules: the text's brackets nest and `\` escapes the next character; `]` must
/// be followed at once by `(`; the attributes are JSON5 members (``InlineAttributeReader``).
/// Anything else is literal text, and what made it so is a ``InlineMarkupProblem``.
///
/// Linear in the template for markup that is not nested: brackets are matched once, up
/// front; nested markup costs one more visit of its text per level, at most
/// ``InlineMarkup/maximumNesting`` levels.
struct InlineMarkupScanner {
    private let bytes: [UInt8]
    /// For each `[` that is not escaped, the offset of its matching `]`, or -1.
    private var matching: [Int]
    private(set) var problems: [InlineMarkupProblem] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        matching = Self.matchBrackets(bytes)
    }

    /// Every well-formed markup at the top level, each with its nested markup.
    mutating func spans() -> [InlineMarkupSpan] {
        scan(from: 0, to: bytes.count, depth: 0)
    }

    private static func matchBrackets(_ bytes: [UInt8]) -> [Int] {
        var matching = [Int](repeating: -1, count: bytes.count)
        var open: [Int] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 1
            case UInt8(ascii: "["):
                open.append(index)
            case UInt8(ascii: "]"):
                if let start = open.popLast() { matching[start] = index }
            default:
                break
            }
            index += 1
        }
        return matching
    }

    private mutating func scan(from lower: Int, to upper: Int, depth: Int) -> [InlineMarkupSpan] {
        var found: [InlineMarkupSpan] = []
        var index = lower
        while index < upper {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            guard byte == UInt8(ascii: "^"), index + 1 < upper, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            if let span = markup(at: index, upper: upper, depth: depth) {
                found.append(span)
                index = span.end
            } else {
                index += 1
            }
        }
        return found
    }

    /// The markup whose `^` is at `open`, or nil (and a problem) when it is not well-formed.
    private mutating func markup(at open: Int, upper: Int, depth: Int) -> InlineMarkupSpan? {
        let close = matching[open + 1]
        guard close >= 0, close < upper else {
            problems.append(InlineMarkupProblem(.unterminatedText, at: open))
            return nil
        }
        guard close + 1 < upper, bytes[close + 1] == UInt8(ascii: "(") else {
            problems.append(InlineMarkupProblem(.missingAttributes, at: open))
            return nil
        }
        var reader = InlineAttributeReader(bytes: bytes, position: close + 2, upper: upper)
        guard let attributes = reader.readAttributes() else {
            problems.append(InlineMarkupProblem(reader.failure, at: reader.failureOffset))
            return nil
        }
        problems.append(contentsOf: reader.problems)
        var children: [InlineMarkupSpan] = []
        if depth + 1 < InlineMarkup.maximumNesting {
            children = scan(from: open + 2, to: close, depth: depth + 1)
        } else if InlineMarkup.mayContainMarkup(bytes[(open + 2)..<close]) {
            problems.append(InlineMarkupProblem(.tooDeep, at: open))
        }
        return InlineMarkupSpan(open: open, close: close, end: reader.position, attributes: attributes, children: children)
    }
}
