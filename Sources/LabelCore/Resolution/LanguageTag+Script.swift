extension LanguageTag {
    /// Whether a store folder for `folder` may serve a request for this tag, as far as
    /// scripts go: the one rule every step of the language chain obeys.
    ///
    /// A tag that writes a script (`sr-Latn`, or `sh`, CLDR's alias for it) is served
    /// only by folders whose script, after CLDR likely subtags, is that script (`sr-Latn`,
    /// `sr-ME` → `sr-Latn-ME`), or is unknown (a language CLDR lacks). So `sr-Latn` never
    /// falls to `sr` (`sr` → `sr-Cyrl-RS`), nor `uz-Arab` to `uz`, `pa-Arab` to `pa` or
    /// `zh-Hant` to `zh`, while `sr-Cyrl` → `sr` and `zh-Hans-CN` → `zh` do. This is
    /// CLDR's own parent rule (`parentLocales localeRules="nonlikelyScript"`: a
    /// `language-Script` whose script is not the language's likely one has root as its
    /// parent; Babel's `localedata` applies it) extended to every folder the matcher
    /// considers. A tag that writes no script keeps `Bundle`'s literal truncation
    /// (`zh-TW` → `zh`).
    package func mayFall(to folder: LanguageTag) -> Bool {
        guard folder != self, let written = LocaleParts(self).aliased.script else { return true }
        guard let script = LocaleParts(folder).aliased.maximized.script else { return true }
        return script == written
    }

    /// ``truncations`` without those that cross a written script (``mayFall(to:)``):
    /// `sr-Latn-RS` → `sr-Latn-RS`, `sr-Latn`.
    package var fallbackTruncations: [LanguageTag] {
        truncations.filter(mayFall(to:))
    }
}
