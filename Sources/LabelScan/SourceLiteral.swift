/// A string literal's value as the compiler reads it: escapes decoded, a multi-line
/// literal's indentation removed, raw delimiters dropped.
///
/// An interpolated literal keeps its text between interpolations in `segments`
/// (one more than `interpolations`) and the source of each interpolation.
struct SourceLiteral: Sendable, Hashable {
    var segments: [String]
    var interpolations: [String]

    init(text: String) {
        segments = [text]
        interpolations = []
    }

    init(segments: [String], interpolations: [String]) {
        self.segments = segments
        self.interpolations = interpolations
    }

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
