/// Runs while rendering: each substituted argument's range, and the runs of a text with
/// inline attribute markup carried over to the output (docs/speech.md).
extension LabelRenderer {
    /// A text that may have markup: rendered without it, its runs carried to the output.
    mutating func renderWithMarkup(_ text: String, cursor: inout ArgumentCursor, depth: Int) throws(FormatError) {
        // A variant inside a marked text records its own marks, not the enclosing text's.
        let outer = marks
        marks = nil
        defer { marks = outer }
        let markup = tokens.map { $0.markup(for: text) } ?? (InlineMarkup.mayContainMarkup(text) ? MarkupText(text) : nil)
        guard let markup, !markup.runs.isEmpty || markup.text != text else {
            try renderPlain(text, cursor: &cursor, depth: depth)
            return
        }
        let base = output.utf16.count
        let firstRun = runs.count
        marks = []
        let table = tokens ?? FormatTokenTable(LocalizedString(template: markup.text))
        if let compiled = table.compiled(for: markup.text) {
            try render(compiled, cursor: &cursor, depth: depth)
        } else {
            output += markup.text
        }
        // Before the arguments' runs made inside it: an enclosing run comes first.
        runs.insert(contentsOf: Self.carry(markup.runs, over: marks ?? [], text: markup.text, base: base), at: firstRun)
    }

    /// `runs` (UTF-16 offsets into `text`) as offsets into the output, given where the
    /// marks of `text` went; the output of `text` starts at `base`.
    static func carry(_ runs: [LabelRun], over marks: [RenderedMark], text: String, base: Int) -> [LabelRun] {
        // The marks' UTF-8 ranges in UTF-16 of `text`, in one walk.
        var boundaries: [(source: Range<Int>, output: Range<Int>)] = []
        boundaries.reserveCapacity(marks.count)
        var utf8 = 0
        var utf16 = 0
        var bytes = text.utf8.makeIterator()
        func advance(to offset: Int) {
            while utf8 < offset, let byte = bytes.next() {
                utf8 += 1
                if byte & 0xC0 != 0x80 { utf16 += byte >= 0xF0 ? 2 : 1 }
            }
        }
        for mark in marks {
            advance(to: mark.source.lowerBound)
            let start = utf16
            advance(to: mark.source.upperBound)
            boundaries.append((start..<utf16, mark.output))
        }
        let units = Array(text.utf16)
        func map(_ offset: Int, isEnd: Bool) -> Int {
            var source = 0
            var output = base
            for boundary in boundaries {
                if offset <= boundary.source.lowerBound { break }
                if offset < boundary.source.upperBound {
                    // Inside literal text whose `%%` became `%` (a run may start or end there):
                    // exact; inside a specifier: the whole of what it wrote.
                    if let exact = literalOffset(offset, in: units, source: boundary.source, output: boundary.output) {
                        return exact
                    }
                    return isEnd ? boundary.output.upperBound : boundary.output.lowerBound
                }
                source = boundary.source.upperBound
                output = boundary.output.upperBound
            }
            return output + (offset - source)
        }
        return runs.compactMap { run in
            let start = map(run.start, isEnd: false)
            let end = map(run.end, isEnd: true)
            return end > start ? LabelRun(start: start, length: end - start, attributes: run.attributes) : nil
        }
    }

    /// Where `offset` (inside `source`, UTF-16 of the text) went when `source` is literal text
    /// written with each `%%` as one `%` (its output is exactly that long); nil otherwise.
    static func literalOffset(_ offset: Int, in units: [UInt16], source: Range<Int>, output: Range<Int>) -> Int? {
        guard source.lowerBound >= 0, source.upperBound <= units.count else { return nil }
        let percent = UInt16(UInt8(ascii: "%"))
        var index = source.lowerBound
        var written = 0
        var reached: Int?
        while index < source.upperBound {
            if reached == nil, index >= offset { reached = written }
            if units[index] == percent {
                guard index + 1 < source.upperBound, units[index + 1] == percent else { return nil }
                index += 2
            } else {
                index += 1
            }
            written += 1
        }
        guard written == output.count, let reached else { return nil }
        return output.lowerBound + reached
    }

    /// The run of argument `number`, written from `start` to the end of the output.
    mutating func recordArgument(_ number: Int, from start: Int) {
        let end = output.utf16.count
        guard end > start else { return }
        let attributes = number < Self.argumentAttributes.count ? Self.argumentAttributes[number]
            : [LabelRun.Attribute(name: "argument", value: .number(Double(number)))]
        runs.append(LabelRun(start: start, length: end - start, attributes: attributes))
    }

    /// `[argument: N]` made once for the usual argument numbers: a run shares the array
    /// instead of allocating its own on every request.
    private static let argumentAttributes: [[LabelRun.Attribute]] = (0..<16).map {
        [LabelRun.Attribute(name: "argument", value: .number(Double($0)))]
    }

    /// The label: runs in order, English inflection, and no markup left that an argument
    /// may have spelled.
    func finish() -> RenderedLabel {
        let (value, runs) = LabelFormatter.finishing(output, runs: runs, language: language)
        return RenderedLabel(value: value, pluralCategory: firstCategory, pluralMiss: firstMissing, runs: runs)
    }
}

extension LabelFormatter {
    /// A template read without formatting (no `%`, or no arguments given): its markup
    /// removed, its runs, English inflection.
    package static func unformatted(_ template: String, tokens: FormatTokenTable?, language: String) -> RenderedLabel {
        guard tokens?.hasMarkup ?? InlineMarkup.mayContainMarkup(template) else { return RenderedLabel(value: template) }
        let markup = tokens?.markup(for: template) ?? MarkupText(template)
        let (value, runs) = finishing(markup.text, runs: markup.runs, language: language)
        return RenderedLabel(value: value, runs: runs)
    }

    /// Runs sorted (by start, longer first, then as made), English `inflect` runs agreeing
    /// with their numbers, and markup an argument spelled removed (its runs dropped: an
    /// argument is data).
    static func finishing(_ value: String, runs: [LabelRun], language: String) -> (String, [LabelRun]) {
        var value = value
        var runs = runs
        if runs.count > 1 {
            runs = runs.enumerated().sorted { left, right in
                if left.element.start != right.element.start { return left.element.start < right.element.start }
                if left.element.length != right.element.length { return left.element.length > right.element.length }
                return left.offset < right.offset
            }.map(\.element)
        }
        if !runs.isEmpty, EnglishInflection.applies(to: language) {
            (value, runs) = EnglishInflection.inflect(value, runs: runs)
        }
        if InlineMarkup.mayContainMarkup(value) {
            (value, runs) = InlineMarkup.strip(value, carrying: runs)
        }
        return (value, runs)
    }
}
