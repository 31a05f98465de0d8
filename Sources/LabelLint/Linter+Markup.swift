import LabelCore

extension Linter {
    /// Apple's inline attribute markup in one value (every text of it): malformed runs
    /// (``InlineMarkup/problems(_:)``), values of the wrong type, phonetic notations that
    /// are not IPA, and `inflect` outside English. Each rule reports a value at most once;
    /// the message starts with the problem's stable code where the parser gives one.
    func markupFindings(_ entry: LintEntry) -> [LintFinding] {
        var findings: [LintFinding] = []
        var reported: Set<LintRule> = []
        func add(_ rule: LintRule, _ message: String) {
            guard reported.insert(rule).inserted else { return }
            findings.append(LintFinding(rule: rule, file: entry.file, line: entry.line, key: entry.key,
                                        language: entry.language, message: message))
        }
        for text in Self.texts(of: entry.string) where InlineMarkup.mayContainMarkup(text) {
            for problem in InlineMarkup.problems(text) {
                let rule: LintRule = problem.kind == .unsupportedValue ? .markupValueType : .markupMalformed
                add(rule, "\(problem.code) at \"\(Self.excerpt(text, utf8Offset: problem.utf8Offset))\"")
            }
            let parsed = InlineMarkup.parse(text)
            for run in parsed.runs {
                let covered = Self.covered(run, in: parsed.text)
                for attribute in run.attributes {
                    if let wrong = Self.typeProblem(attribute) {
                        add(.markupValueType, "\(attribute.name) on \"\(covered)\": \(wrong)")
                    }
                    if attribute.name == Self.phoneticNotation, case .string(let ipa) = attribute.value,
                       let foreign = IPANotation.firstForeignCharacter(in: ipa) {
                        add(.ipaCharacters, "\"\(ipa)\" on \"\(covered)\" holds \(Self.describe(foreign)), which is not IPA")
                    }
                    if attribute.name == "inflect", attribute.value == .boolean(true), entry.language.language != "en" {
                        add(.inflectNotEnglish,
                            "\"\(covered)\" is inflected only by Apple's Foundation; the server, plain outputs and Android say it as written in \(entry.language)")
                    }
                }
            }
        }
        return findings
    }

    /// `markup-lost`: each attribute name the reference value's runs carry that no run of
    /// `entry` (a translation of the same key) carries. An `inflect` a plural translation
    /// dropped is not lost: its plural variants agree by themselves.
    static func lostMarkup(_ entry: LintEntry, reference: LintEntry) -> LintFinding? {
        guard texts(of: reference.string).contains(where: InlineMarkup.mayContainMarkup) else { return nil }
        let wanted = attributeNames(of: reference.string)
        var lost = wanted.subtracting(attributeNames(of: entry.string))
        if entry.string.isPlural { lost.remove("inflect") }
        guard !lost.isEmpty else { return nil }
        let names = lost.sorted().joined(separator: ", ")
        return LintFinding(rule: .markupLost, file: entry.file, line: entry.line, key: entry.key, language: entry.language,
                           message: "\(reference.language) marks \(names); this translation has no run with \(lost.count == 1 ? "it" : "them")")
    }

    /// The attribute names of every run of every text of `string`.
    static func attributeNames(of string: LocalizedString) -> Set<String> {
        var names = Set<String>()
        for text in texts(of: string) where InlineMarkup.mayContainMarkup(text) {
            for run in InlineMarkup.parse(text).runs { names.formUnion(run.attributes.map(\.name)) }
        }
        return names
    }

    static let phoneticNotation = "accessibilitySpeechPhoneticNotation"

    /// What is wrong with the value of an attribute whose type Apple fixes; `nil` when it
    /// fits or the name is not one of those (unknown names are carried as written).
    static func typeProblem(_ attribute: LabelRun.Attribute) -> String? {
        switch (attribute.name, attribute.value) {
        case ("inflect", .boolean), ("accessibilitySpeechSpellsOutCharacters", .boolean),
             ("accessibilitySpeechIncludesPunctuation", .boolean), ("accessibilitySpeechAdjustedPitch", .number),
             (phoneticNotation, .string), ("accessibilityTextCustom", .string):
            return nil
        case ("languageIdentifier", .string(let tag)):
            return LanguageTag(tag) == nil ? "\"\(tag)\" is not a BCP 47 language tag" : nil
        case ("accessibilityHeadingLevel", .number(let level)):
            return (0...6).contains(level) && level == level.rounded() ? nil : "a heading level is a whole number from 0 to 6"
        case ("inflect", _), ("accessibilitySpeechSpellsOutCharacters", _), ("accessibilitySpeechIncludesPunctuation", _):
            return "takes true or false"
        case ("accessibilitySpeechAdjustedPitch", _), ("accessibilityHeadingLevel", _):
            return "takes a number"
        case (phoneticNotation, _), ("languageIdentifier", _):
            return "takes a quoted string"
        default:
            return nil
        }
    }

    /// The text a run covers (UTF-16 offsets into `text`), for messages.
    static func covered(_ run: LabelRun, in text: String) -> String {
        let utf16 = text.utf16
        guard run.start >= 0, run.length >= 0, run.end <= utf16.count else { return "" }
        let start = utf16.index(utf16.startIndex, offsetBy: run.start)
        let end = utf16.index(start, offsetBy: run.length)
        return String(text[start..<end])
    }

    /// Up to 40 characters of `text` from a UTF-8 offset (on a character boundary).
    static func excerpt(_ text: String, utf8Offset: Int) -> String {
        let utf8 = text.utf8
        let offset = min(max(utf8Offset, 0), utf8.count)
        var index = utf8.index(utf8.startIndex, offsetBy: offset)
        while index > utf8.startIndex, index.samePosition(in: text.unicodeScalars) == nil { index = utf8.index(before: index) }
        return String(text[index...].prefix(40))
    }

    /// `"'" (U+0027)`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\"\(scalar)\" (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
    }
}
