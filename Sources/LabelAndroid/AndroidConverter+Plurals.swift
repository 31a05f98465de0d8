import LabelCore

extension AndroidConverter {
    /// `<plurals>`: per category the folder's language distinguishes, the whole
    /// sentence with that category's variant spliced in. A needed category without a
    /// variant is reported (Android, like Apple, then uses `other`), never filled from
    /// another language; Apple's explicit `zero` where CLDR has none is reported and
    /// left out (Android never selects it: 0 takes `other` there).
    static func plurals(_ string: LocalizedString, variants: [PluralCategory: String],
                        language: LanguageTag) -> Conversion {
        let needed = PluralRules.forLanguage(language.rawValue).categories
        var problems: [Problem] = []
        var walks: [(PluralCategory, AppleFormatWalk)] = []
        for category in needed {
            guard variants[category] != nil else {
                // A pseudo-locale has the development language's categories, as aapt
                // generates it; Android says other's text for the rest.
                if PseudoLocale.isPseudo(language) { continue }
                problems.append(Problem(
                    severity: .error, reason: .missingPluralCategory, category: category,
                    message: "\(language)'s CLDR rules need \(category.rawValue); the store has none (Android says other's text)"))
                continue
            }
            do {
                walks.append((category, try AppleFormatWalk.walk(string.template, variables: string.variables) { _ in
                    variants[category] ?? ""
                }))
            } catch {
                return Conversion(value: nil, problems: [twoVariablesProblem])
            }
        }
        if variants[.zero] != nil, !needed.contains(.zero) {
            problems.append(Problem(
                severity: .warning, reason: .zeroNotExpressible, category: .zero,
                message: "Apple says the zero text for 0; \(language)'s CLDR rules have no zero, so Android says other's"))
        }
        guard !walks.isEmpty else { return Conversion(value: nil, problems: problems) }
        let numbered = needsNumbers(walks.map(\.1))
        var items: [(PluralCategory, String)] = []
        for (category, walk) in walks {
            switch javaFormat(walk, numbered: numbered, language: language) {
            case .success(let text): items.append((category, text))
            case .failure(let unsupported):
                // One specifier Java cannot print is in every item's template or in
                // this variant: the whole string is left out, not a partial plural.
                return Conversion(value: nil, problems: problems + [Problem(
                    severity: .error, reason: unsupported.reason, category: category,
                    message: "\(unsupported.specifier): \(unsupported.why)")])
            }
        }
        return Conversion(value: .plurals(items), problems: problems)
    }

    static var twoVariablesProblem: Problem {
        Problem(severity: .error, reason: .twoPluralVariables, category: nil,
                message: "two plural variables in one string: Android's <plurals> selects by one quantity; split the string in the store")
    }
}
