/// Apple's inline attribute markup, `^[text](name: value, …)`, as Foundation's markdown
/// reads it in `AttributedString(localized:)`: the store keeps it, Apple-format outputs
/// write it back unchanged, and every plain output carries the text only, with what the
/// markup said as ``LabelRun``s.
///
/// The rules (docs/speech.md):
/// - the text's brackets nest (`^[a [b] c](x: 1)`) and `\` escapes the next character
///   (`\]` does not close, `\^[` starts no markup); escapes are kept as written;
/// - `]` must be followed at once by `(`; the attributes are JSON5 members
///   (``InlineAttributeReader``);
/// - markup may nest inside markup's text; each gives its own run, the outer one first;
/// - anything not well-formed (unterminated `^[`, no `(`, bad members) is literal text;
/// - a run with no attribute left, or over no text, is removed from the text but gives
///   no run;
/// - removing markup never leaves markup behind: text that becomes well-formed markup
///   once the inner markup is gone (`^^[[x](a: 1)](b: 2)`) is removed by a further pass.
package enum InlineMarkup {
    /// Deepest nesting read in one pass; deeper markup is removed by a later pass.
    package static let maximumNesting = 16

    /// A piece of a template: `.text` is what a reader sees (including the text inside
    /// `[…]`), `.syntax` is `^[` or `](…)`.
    package enum Segment: Sendable, Hashable {
        case text(Substring)
        case syntax(Substring)
    }

    /// Cheap test: could `template` hold markup at all (contains "^[")?
    package static func mayContainMarkup(_ template: String) -> Bool {
        if let found = template.utf8.withContiguousStorageIfAvailable({ mayContainMarkup($0) }) {
            return found
        }
        return mayContainMarkup(Array(template.utf8)[...])
    }

    static func mayContainMarkup<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "[") && previous == UInt8(ascii: "^") { return true }
            previous = byte
        }
        return false
    }

    /// The text with every well-formed `^[text](attrs)` replaced by its text, and one run
    /// per such markup that has attributes and text (offsets into the returned text, in
    /// UTF-16), ordered by start, an enclosing run before the runs inside it.
    /// Malformed markup stays literal text.
    package static func parse(_ template: String) -> (text: String, runs: [LabelRun]) {
        guard mayContainMarkup(template) else { return (template, []) }
        let (text, runs) = removeMarkup(template, carrying: [], keepingNewRuns: true)
        // Markup written inside another markup's attributes (`^[a](x^[b](y: 1): 2)`) is removed
        // with that syntax: its run covers no character of the text and is dropped.
        return (text, sorted(runs.filter { $0.length > 0 }))
    }

    /// The text ``parse(_:)`` gives, with `runs` (UTF-16 offsets into `text`) carried over
    /// to it and the markup's own runs dropped: for a rendered label, where markup can only
    /// come from an argument, which is data (`^[x](a: 1)` typed by a user).
    package static func strip(_ text: String, carrying runs: [LabelRun]) -> (text: String, runs: [LabelRun]) {
        guard mayContainMarkup(text) else { return (text, runs) }
        let (stripped, carried) = removeMarkup(text, carrying: runs, keepingNewRuns: false)
        return (stripped, carried.filter { $0.length > 0 })
    }

    private static func removeMarkup(
        _ template: String, carrying runs: [LabelRun], keepingNewRuns: Bool
    ) -> (text: String, runs: [LabelRun]) {
        var bytes = Array(template.utf8)
        var runs = runs
        // Each pass removes one level of markup nested in markup's own syntax (`^^[[x](a: 1)](b: 2)`),
        // so passes are capped: past the cap, what still reads `^[` gets its `^` replaced by
        // U+02C6 (one UTF-16 unit, so no run moves) and nothing markup-like reaches a plain output.
        var passes = 0
        while true {
            passes += 1
            guard passes <= maximumPasses else {
                bytes = neutralized(bytes)
                break
            }
            var scanner = InlineMarkupScanner(bytes: bytes)
            let spans = scanner.spans()
            guard !spans.isEmpty else { break }
            var pass = InlineMarkupStripping(bytes: bytes)
            pass.strip(spans, from: 0, to: bytes.count)
            runs = runs.map { pass.removals.map($0) } + (keepingNewRuns ? pass.runs : [])
            bytes = pass.text
            guard mayContainMarkup(bytes) else { break }
        }
        return (String(decoding: bytes, as: UTF8.self), runs)
    }

    /// Most removal passes over one text (levels of markup inside markup's own syntax).
    static let maximumPasses = 32

    /// `bytes` with the `^` of every `^[` replaced by U+02C6 MODIFIER LETTER CIRCUMFLEX.
    private static func neutralized(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "^"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                out += [0xCB, 0x86]
            } else {
                out.append(byte)
            }
        }
        return out
    }

    private static func sorted(_ runs: [LabelRun]) -> [LabelRun] {
        runs.enumerated().sorted { left, right in
            if left.element.start != right.element.start { return left.element.start < right.element.start }
            if left.element.length != right.element.length { return left.element.length > right.element.length }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// The template cut into pieces whose concatenation is the template: `.text` (what a
    /// reader sees, including the text inside `[…]`) and `.syntax` (`^[`, `](…)`), so a
    /// transformation (pseudo-locales) can touch only the text. Empty pieces are left out.
    package static func segments(_ template: String) -> [Segment] {
        guard mayContainMarkup(template) else { return template.isEmpty ? [] : [.text(template[...])] }
        let bytes = Array(template.utf8)
        var scanner = InlineMarkupScanner(bytes: bytes)
        var cutter = InlineMarkupSegmenter(template: template)
        cutter.cut(scanner.spans(), from: 0, to: bytes.count)
        return cutter.segments
    }

    /// For lint: each malformed run or bad value with a stable code and its UTF-8 offset,
    /// in the order of their offsets.
    package static func problems(_ template: String) -> [InlineMarkupProblem] {
        guard mayContainMarkup(template) else { return [] }
        var scanner = InlineMarkupScanner(bytes: Array(template.utf8))
        _ = scanner.spans()
        return scanner.problems.enumerated().sorted { left, right in
            (left.element.utf8Offset, left.offset) < (right.element.utf8Offset, right.offset)
        }.map(\.element)
    }
}
