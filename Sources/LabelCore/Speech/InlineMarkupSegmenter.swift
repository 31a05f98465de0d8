/// Cuts a template into ``InlineMarkup/Segment``s along the markup a scanner found.
struct InlineMarkupSegmenter {
    let template: String
    private(set) var segments: [InlineMarkup.Segment] = []

    init(template: String) {
        self.template = template
    }

    mutating func cut(_ spans: [InlineMarkupSpan], from lower: Int, to upper: Int) {
        var cursor = lower
        for span in spans {
            append(text: cursor, span.open)
            segments.append(.syntax(piece(span.open, span.textStart)))
            cut(span.children, from: span.textStart, to: span.close)
            segments.append(.syntax(piece(span.close, span.end)))
            cursor = span.end
        }
        append(text: cursor, upper)
    }

    private mutating func append(text lower: Int, _ upper: Int) {
        if lower < upper { segments.append(.text(piece(lower, upper))) }
    }

    /// Offsets are at ASCII bytes (`^`, `]`, `)`) or the ends, so always on scalar boundaries.
    private func piece(_ lower: Int, _ upper: Int) -> Substring {
        let utf8 = template.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lower)
        let end = utf8.index(start, offsetBy: upper - lower)
        return template[start..<end]
    }
}
