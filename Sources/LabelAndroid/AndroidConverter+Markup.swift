import LabelCore

extension AndroidConverter {
    /// A value holding inline attribute markup: converted as its text alone (the plain
    /// text never holds markup), with each run that has an annotation name as an
    /// `<annotation>` over the text it lands on. An English `inflect` run over one integer
    /// specifier becomes a `<plurals>` (``inflected(_:language:)``).
    static func convertMarked(_ string: LocalizedString, language: LanguageTag) -> Conversion {
        var marked = MarkedString(string)
        var problems: [Problem] = []
        if marked.runs.contains(where: { $0.value(of: "inflect") == .boolean(true) }), !string.isPlural {
            if let plural = inflected(marked, language: language) {
                marked.replace(plural)
            } else {
                problems.append(Problem(
                    severity: .warning, reason: .notInflected, category: nil,
                    message: language.language == "en"
                        ? "an inflect run Android cannot make a <plurals> of (it must cover one integer specifier and a noun the inflection table knows): said as written"
                        : "\(language) is not inflected off Apple platforms: said as written"))
            }
        }
        let reference = convertPlain(marked.plain, language: language)
        guard let value = reference.value else { return Conversion(value: nil, problems: reference.problems + problems) }
        let dropped = Set(marked.runs.flatMap { AndroidSpeech.attributes(of: $0).dropped })
        if !dropped.isEmpty {
            problems.append(Problem(severity: .warning, reason: .speechAttributeDropped, category: nil,
                                    message: "\(dropped.sorted().joined(separator: ", ")): no annotation Android reads; left out"))
        }
        guard marked.runs.contains(where: { !AndroidSpeech.attributes(of: $0).kept.isEmpty }) else {
            return Conversion(value: value, problems: reference.problems + problems)
        }
        guard marked.usable, let spanned = spans(of: convertPlain(marked.marked, language: language).value, plain: value,
                                                 runs: marked.runs) else {
            problems.append(spansDropped("a run's end falls inside a format specifier, or the value holds private-use characters of plane 16"))
            return Conversion(value: value, problems: reference.problems + problems)
        }
        if spanned.dropped > 0 { problems.append(spansDropped("\(spanned.dropped) run(s) that do not nest or cover no text")) }
        return Conversion(value: spanned.value, problems: reference.problems + problems)
    }

    private static func spansDropped(_ why: String) -> Problem {
        Problem(severity: .warning, reason: .spansDropped, category: nil, message: "annotations left out: \(why)")
    }

    /// `converted` (the value with marks) as `plain` with spans, or `nil` when taking the
    /// marks out does not give `plain` exactly (a mark split a specifier).
    private static func spans(of converted: AndroidValue?, plain: AndroidValue,
                              runs: [LabelRun]) -> (value: AndroidValue, dropped: Int)? {
        var dropped = 0
        func spanned(_ text: String) -> (text: String, spans: [AndroidSpan]) {
            let unmarked = MarkedString.unmark(text)
            var spans: [AndroidSpan] = []
            for (index, start) in unmarked.starts {
                guard let end = unmarked.ends[index] else { continue }
                let kept = AndroidSpeech.attributes(of: runs[index]).kept
                if !kept.isEmpty { spans.append(AndroidSpan(start: start, end: end, attributes: kept)) }
            }
            let nested = AndroidSpan.nested(spans)
            dropped += nested.dropped.count
            return (unmarked.text, nested.kept)
        }
        switch (converted, plain) {
        case (.string(let text, let formatted, _)?, .string(let expected, let expectedFormatted, _)):
            let result = spanned(text)
            guard result.text == expected, formatted == expectedFormatted else { return nil }
            return (.string(expected, formatted: formatted, spans: result.spans), dropped)
        case (.plurals(let items, _)?, .plurals(let expected, _)):
            guard items.map(\.0) == expected.map(\.0) else { return nil }
            var spans: [PluralCategory: [AndroidSpan]] = [:]
            for ((category, text), (_, want)) in zip(items, expected) {
                let result = spanned(text)
                guard result.text == want else { return nil }
                if !result.spans.isEmpty { spans[category] = result.spans }
            }
            return (.plurals(expected, spans: spans), dropped)
        default:
            return nil
        }
    }
}
