/// A string literal's value as the compiler reads it: escapes decoded, a multi-line
/// literal's indentation removed, raw delimiters dropped.
///
/// An interpolated literal keeps its text between interpolations in `segments`
/// (one more than `interpolations`) and the source of each interpolation.
struct SourceLiteral: Sendable, Hashable {
    /// The text before the first interpolation: the whole text of a plain literal.
    private var head: String
    /// Each interpolation's source followed by the text after it, in one array: empty (no
    /// storage) for a plain literal, one allocation for an interpolated one.
    private var rest: [String]

    init(text: String) {
        head = text
        rest = []
    }

    /// `segments` has one more element than `interpolations`.
    init(segments: [String], interpolations: [String]) {
        head = segments.first ?? ""
        rest = []
        rest.reserveCapacity(2 * interpolations.count)
        for (index, source) in interpolations.enumerated() {
            rest.append(source)
            rest.append(index + 1 < segments.count ? segments[index + 1] : "")
        }
    }

    /// The text between interpolations: one more than ``interpolations``.
    var segments: [String] { [head] + stride(from: 1, to: rest.count, by: 2).map { rest[$0] } }

    /// The source of each interpolation.
    var interpolations: [String] { stride(from: 0, to: rest.count, by: 2).map { rest[$0] } }

    /// The text before the first interpolation (`segments[0]`).
    var firstSegment: String { head }

    var isInterpolated: Bool { !rest.isEmpty }

    /// The key Xcode would extract without types: each interpolation as `%@`.
    var patternKey: String {
        var text = head
        for index in stride(from: 1, to: rest.count, by: 2) {
            text += "%@"
            text += rest[index]
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
