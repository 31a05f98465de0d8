/// A string literal's value as the compiler reads it: escapes decoded, a multi-line
/// literal's indentation removed, raw delimiters dropped.
///
/// An interpolated literal keeps its text between interpolations in `segments`
/// (one more than `interpolations`) and the source of each interpolation.
struct SourceLiteral: Sendable, Hashable {
    /// The text before the first interpolation: the whole text of a plain literal.
    private var head: String
    /// The text after each interpolation: empty (no storage) for a plain literal, so a
    /// file's literals cost their text and no array each.
    private var tail: [String]
    var interpolations: [String]

    init(text: String) {
        head = text
        tail = []
        interpolations = []
    }

    init(segments: [String], interpolations: [String]) {
        head = segments.first ?? ""
        tail = Array(segments.dropFirst())
        self.interpolations = interpolations
    }

    /// The text between interpolations: one more than ``interpolations``.
    var segments: [String] { [head] + tail }

    /// The text before the first interpolation (`segments[0]`).
    var firstSegment: String { head }

    var isInterpolated: Bool { !interpolations.isEmpty }

    /// The key Xcode would extract without types: each interpolation as `%@`.
    var patternKey: String {
        var text = segments[0]
        for index in interpolations.indices {
            text += "%@"
            text += segments[index + 1]
        }
        return text
    }

    /// Concatenation (`"a" + "b"`, or adjacent Objective-C literals).
    static func + (a: SourceLiteral, b: SourceLiteral) -> SourceLiteral {
        var segments = a.segments
        segments[segments.count - 1] += b.segments[0]
        segments += b.segments.dropFirst()
        return SourceLiteral(segments: segments, interpolations: a.interpolations + b.interpolations)
    }
}
