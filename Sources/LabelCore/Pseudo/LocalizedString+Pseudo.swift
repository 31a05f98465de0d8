extension LocalizedString {
    /// This value in a pseudo-locale: the template and each plural variant pseudolocalized on
    /// its own (as aapt does each `<plurals>` quantity), variables and value types kept.
    package func pseudolocalized(as locale: PseudoLocale) -> LocalizedString {
        var result = LocalizedString(template: Pseudolocalizer.pseudolocalize(template, as: locale))
        for (name, variable) in variables {
            var pseudo = variable
            pseudo.variants = variable.variants.mapValues { Pseudolocalizer.pseudolocalize($0, as: locale) }
            result.variables[name] = pseudo
        }
        return result
    }
}
