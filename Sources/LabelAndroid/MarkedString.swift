import LabelCore

/// A store value with its inline attribute markup taken out (``InlineMarkup/parse(_:)``)
/// and each run's two ends marked in the text by private-use scalars of plane 16
/// (U+100000 + 2k opens run k, + 2k + 1 closes it). The Java conversion copies them as
/// literal text, so they come out exactly where the run's text lands after specifiers
/// are rewritten and plural variants spliced in; ``unmark(_:)`` turns them into offsets.
struct MarkedString {
    /// The value with marks (what is converted to find where runs land).
    private(set) var marked: LocalizedString
    /// Run k's attributes (its offsets are the parser's, before marking).
    private(set) var runs: [LabelRun] = []
    /// `false` when marks cannot be used: the value already holds plane-16 private-use
    /// scalars, or has more runs than ``maximumRuns``.
    private(set) var usable = true

    static let maximumRuns = 4_096
    private static let base: UInt32 = 0x10_0000

    init(_ source: LocalizedString) {
        marked = source
        usable = !Self.texts(of: source).contains { $0.unicodeScalars.contains(where: Self.isMark) }
        marked.template = mark(source.template)
        for (name, variable) in source.variables {
            for (category, text) in variable.variants { marked.variables[name]!.variants[category] = mark(text) }
        }
        if runs.count > Self.maximumRuns { usable = false }
    }

    /// The value as a reader sees it: markup and marks taken out.
    var plain: LocalizedString { Self.map(marked, Self.withoutMarks) }

    /// Replaces the value with marks (the inflection rewrite).
    mutating func replace(_ string: LocalizedString) { marked = string }

    /// The text with its markup taken out and marks at each run's ends.
    private mutating func mark(_ text: String) -> String {
        let parsed = InlineMarkup.parse(text)
        guard !parsed.runs.isEmpty else { return parsed.text }
        var inserts: [Int: [Unicode.Scalar]] = [:]
        for run in parsed.runs {
            let index = UInt32(min(runs.count, Self.maximumRuns))
            runs.append(run)
            inserts[run.start, default: []].append(Unicode.Scalar(Self.base + 2 * index)!)
            inserts[run.end, default: []].append(Unicode.Scalar(Self.base + 2 * index + 1)!)
        }
        var out = String.UnicodeScalarView()
        var offset = 0
        for scalar in parsed.text.unicodeScalars {
            if let marks = inserts[offset] { out.append(contentsOf: marks) }
            out.append(scalar)
            offset += UTF16.width(scalar)
        }
        if let marks = inserts[offset] { out.append(contentsOf: marks) }
        return String(out)
    }

    /// The mark opening (`isEnd == false`) or closing run `index`.
    static func mark(_ index: Int, isEnd: Bool) -> Unicode.Scalar {
        Unicode.Scalar(base + 2 * UInt32(index) + (isEnd ? 1 : 0))!
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base && scalar.value <= base + 2 * UInt32(maximumRuns) + 1
    }

    static func withoutMarks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isMark) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isMark($0) }))
    }

    /// The text without marks, and where each run's ends are (scalar offsets into it).
    static func unmark(_ text: String) -> (text: String, starts: [Int: Int], ends: [Int: Int]) {
        var out = String.UnicodeScalarView()
        var starts: [Int: Int] = [:]
        var ends: [Int: Int] = [:]
        var offset = 0
        for scalar in text.unicodeScalars {
            guard isMark(scalar) else {
                out.append(scalar)
                offset += 1
                continue
            }
            let value = Int(scalar.value - base)
            if value % 2 == 0 { starts[value / 2] = offset } else { ends[value / 2] = offset }
        }
        return (String(out), starts, ends)
    }

    /// The template and every variant.
    static func texts(of string: LocalizedString) -> [String] {
        [string.template] + string.variables.values.flatMap { $0.variants.values }
    }

    /// `string` with `transform` applied to the template and every variant.
    static func map(_ string: LocalizedString, _ transform: (String) -> String) -> LocalizedString {
        var result = string
        result.template = transform(string.template)
        for (name, variable) in string.variables {
            for (category, text) in variable.variants { result.variables[name]!.variants[category] = transform(text) }
        }
        return result
    }
}
