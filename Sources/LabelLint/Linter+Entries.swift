import LabelCore

extension Linter {
    /// The checks that need only the entry itself: empty values, mojibake, plural
    /// categories, arguments read as two types, and the label/hint style rules.
    func checkEntry(_ entry: LintEntry) -> [LintFinding] {
        var findings: [LintFinding] = []
        func add(_ rule: LintRule, _ message: String) {
            findings.append(LintFinding(rule: rule, file: entry.file, line: entry.line, key: entry.key,
                                        language: entry.language, message: message))
        }
        let string = entry.string

        if let empty = Self.emptyPart(of: string) {
            add(.emptyValue, empty)
        }
        for text in Self.texts(of: string) {
            if let found = Self.mojibake(in: text) {
                add(.mojibake, "\"\(found.garbled)\" looks like UTF-8 read as \(found.encoding); it should probably be \"\(found.intended)\"")
                break
            }
        }
        let required = PluralRules.forLanguage(entry.language.rawValue).categories
        // A variable no text refers to is never chosen (the reader already warns about it).
        let used = Set(Self.texts(of: string).flatMap(FormatToken.tokens(in:)).compactMap { token -> String? in
            if case .substitution(let substitution) = token { return substitution.name }
            return nil
        })
        for name in string.variables.keys.sorted() where used.contains(name) {
            let present = Set(string.variables[name]!.variants.keys)
            let missing = required.filter { !present.contains($0) }
            guard !missing.isEmpty else { continue }
            let what = name == StringCatalogParser.pluralVariableName ? "the plural variations" : "variable \"\(name)\""
            add(.missingPluralCategory,
                "\(entry.language) needs \(Self.list(required)) by CLDR; \(what) lacks \(Self.list(missing))")
        }
        if let forbidden = Self.texts(of: string).lazy.compactMap(FormatToken.forbiddenSpecifier(in:)).first {
            add(.forbiddenSpecifier, "\(forbidden.source): \(forbidden.forbiddenReason ?? "never acceptable in a value")")
        }
        if let conflict = Self.arguments(of: string).conflict {
            add(.specifierMismatch, conflict)
        }
        findings += markupFindings(entry)
        findings += styleFindings(entry)
        return findings
    }

    /// Every text of a value: the template and each variant of each variable.
    static func texts(of string: LocalizedString) -> [String] {
        var texts = [string.template]
        for name in string.variables.keys.sorted() {
            let variants = string.variables[name]!.variants
            texts += variants.keys.sorted().map { variants[$0]! }
        }
        return texts
    }

    /// Describes the empty part of a value, if any: the whole value, or a plural variant.
    static func emptyPart(of string: LocalizedString) -> String? {
        func blank(_ text: String) -> Bool { text.allSatisfy { $0.isWhitespace } }
        if blank(string.template) { return "the value is empty; VoiceOver would say nothing" }
        for name in string.variables.keys.sorted() {
            let variants = string.variables[name]!.variants
            if let category = variants.keys.sorted().first(where: { blank(variants[$0]!) }) {
                return "the \(category.rawValue) variant of \"\(name)\" is empty; VoiceOver would say nothing"
            }
        }
        return nil
    }

    static func list(_ categories: [PluralCategory]) -> String {
        categories.map(\.rawValue).joined(separator: ", ")
    }
}
