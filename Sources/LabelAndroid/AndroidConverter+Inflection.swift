package import LabelCore

extension AndroidConverter {
    /// Whether `string` is a `<plurals>` in `language`'s file only because of an English
    /// `inflect` run, so every other language's file must make the key one too.
    package static func becomesPlurals(_ string: LocalizedString, language: LanguageTag) -> Bool {
        language.language == "en" && !string.isPlural && AndroidSpeech.mayHoldMarkup(string)
            && convert(string, language: language).value?.isPlural == true
    }

    /// The name of the plural variable an English `inflect` run becomes.
    static let inflectionVariable = "inflected"

    /// An English value whose one `inflect` run covers one integer specifier (`^[%lld
    /// Task](inflect: true)`) as a plural value: the run's text becomes a variable whose
    /// `one` and `other` variants are the run's text agreeing with 1 and with 2
    /// (``EnglishInflection``, the table the server inflects with), so `<plurals>` says
    /// what the server says for every count. `nil` when the language is not English, the
    /// run covers another run's end or no single integer specifier, the inflection table
    /// has no form, or the rewrite would read other arguments than the value does.
    static func inflected(_ marked: MarkedString, language: LanguageTag) -> LocalizedString? {
        let string = marked.marked
        guard language.language == "en", !string.isPlural else { return nil }
        let inflecting = marked.runs.indices.filter { marked.runs[$0].value(of: "inflect") == .boolean(true) }
        guard inflecting.count == 1, let index = inflecting.first else { return nil }
        let scalars = Array(string.template.unicodeScalars)
        guard let open = scalars.firstIndex(of: MarkedString.mark(index, isEnd: false)),
              let close = scalars.firstIndex(of: MarkedString.mark(index, isEnd: true)), open < close else { return nil }
        let inside = String(String.UnicodeScalarView(scalars[(open + 1)..<close]))
        guard !inside.unicodeScalars.contains(where: MarkedString.isMark) else { return nil }
        let specifiers = FormatToken.tokens(in: inside).compactMap { token -> FormatSpecifier? in
            if case .specifier(let specifier) = token { return specifier }
            return nil
        }
        let substitutes = FormatToken.tokens(in: inside).contains { if case .substitution = $0 { true } else { false } }
        guard specifiers.count == 1, let specifier = specifiers.first, !substitutes,
              specifier.conversion.kind == .integer, let forms = englishForms(inside, specifier: specifier) else { return nil }
        let substitution = specifier.position.map { "%\($0)$#@\(inflectionVariable)@" } ?? "%#@\(inflectionVariable)@"
        let before = String(String.UnicodeScalarView(scalars[...open]))
        let after = String(String.UnicodeScalarView(scalars[close...]))
        let rewritten = LocalizedString(
            template: before + substitution + after,
            variables: [inflectionVariable: PluralVariable(variants: [.one: forms.one, .other: forms.other])])
        // The rewrite must read exactly the arguments the value reads, in the same order.
        let plainBefore = MarkedString.map(string, MarkedString.withoutMarks)
        let plainAfter = MarkedString.map(rewritten, MarkedString.withoutMarks)
        guard let original = try? AppleFormatWalk.walk(plainBefore.template, variables: [:], variant: { _ in "" }),
              let changed = try? AppleFormatWalk.walk(plainAfter.template, variables: plainAfter.variables,
                                                        variant: { _ in forms.other }),
              arguments(original) == arguments(changed) else { return nil }
        return rewritten
    }

    /// The argument numbers a walk's specifiers read, in order.
    private static func arguments(_ walk: AppleFormatWalk) -> [Int] {
        walk.pieces.compactMap { piece in
            if case .argument(_, let number) = piece { return number }
            return nil
        }
    }

    /// The run's text agreeing with 1 (`one`) and with 2 (`other`), by LabelCore's
    /// ``EnglishInflection`` (what the server says for those counts) run on the text with
    /// the number in place of `specifier`, which is then put back.
    static func englishForms(_ text: String, specifier: FormatSpecifier) -> (one: String, other: String)? {
        guard let range = text.firstRange(of: specifier.source) else { return nil }
        let before = String(text[..<range.lowerBound])
        let after = String(text[range.upperBound...])
        func form(_ number: String) -> String? {
            let sample = before + number + after
            let run = LabelRun(start: 0, length: sample.utf16.count,
                               attributes: [LabelRun.Attribute(name: "inflect", value: .boolean(true))])
            let inflected = EnglishInflection.inflect(sample, runs: [run]).text
            guard inflected.hasPrefix(before + number) else { return nil }
            return before + specifier.source + String(inflected.dropFirst((before + number).count))
        }
        guard let one = form("1"), let other = form("2") else { return nil }
        return (one, other)
    }
}
