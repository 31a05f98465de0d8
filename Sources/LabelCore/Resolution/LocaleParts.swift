/// The parts of a language tag that matching and number formatting use:
/// language, script, region and the `-u-nu-` numbering system. Variants and
/// other extensions are dropped (neither `Bundle` nor number formatting uses them).
package struct LocaleParts: Sendable, Hashable {
    /// Lowercase language subtag (`de`, `und`).
    package var language: String
    /// Titlecase script (`Hant`), if written.
    package var script: String?
    /// Uppercase region (`CH`) or UN M.49 code (`419`), if written.
    package var region: String?
    /// The `-u-nu-` numbering system (`arab`, `latn`), if written.
    package var numberingSystem: String?

    package init(language: String, script: String? = nil, region: String? = nil, numberingSystem: String? = nil) {
        self.language = language
        self.script = script
        self.region = region
        self.numberingSystem = numberingSystem
    }

    /// Splits a canonical tag (``LanguageTag`` has fixed the case already). A
    /// grandfathered tag gives the parts of its registered replacement (`i-klingon` → `tlh`).
    package init(_ tag: LanguageTag) {
        self.init(splitting: tag.grandfatheredPreferredValue ?? tag)
    }

    private init(splitting tag: LanguageTag) {
        let subtags = tag.rawValue.split(separator: "-")
        language = String(subtags[0])
        script = nil
        region = nil
        numberingSystem = nil
        var index = 1
        if index < subtags.count, subtags[index].count == 4, subtags[index].first!.isLetter {
            script = String(subtags[index])
            index += 1
        }
        if index < subtags.count,
            (subtags[index].count == 2 && subtags[index].allSatisfy(\.isLetter))
                || (subtags[index].count == 3 && subtags[index].allSatisfy(\.isNumber))
        {
            region = String(subtags[index])
            index += 1
        }
        // `-u-` extension: key/value pairs up to the next singleton.
        guard let u = subtags[index...].firstIndex(of: "u") else { return }
        var position = u + 1
        while position < subtags.count, subtags[position].count > 1 {
            if subtags[position] == "nu", position + 1 < subtags.count, subtags[position + 1].count >= 3 {
                numberingSystem = String(subtags[position + 1])
                return
            }
            position += 1
        }
    }

    /// `language-Script-REGION`, without the numbering system.
    package var baseTag: String {
        var text = language
        if let script { text += "-" + script }
        if let region { text += "-" + region }
        return text
    }

    /// The full tag, with `-u-nu-` when a numbering system is set.
    package var tag: String {
        guard let numberingSystem else { return baseTag }
        return baseTag + "-u-nu-" + numberingSystem
    }

    /// The language with CLDR's legacy aliases replaced (`iw` → `he`, `no` → `nb`,
    /// `sh` → `sr-Latn`); a script or region the alias adds fills only what is unset.
    package var aliased: LocaleParts {
        guard let replacement = LocaleData.languageAliases[language].flatMap({ LanguageTag($0) }) else { return self }
        let target = LocaleParts(replacement)
        return LocaleParts(language: target.language, script: script ?? target.script,
                           region: region ?? target.region, numberingSystem: numberingSystem)
    }

    /// CLDR "add likely subtags" (UTS #35): `de` → `de-Latn-DE`, `zh-TW` → `zh-Hant-TW`.
    /// Unknown languages keep what they have.
    package var maximized: LocaleParts {
        if script != nil, region != nil { return self }
        var keys: [String] = []
        if let script, let region { keys.append("\(language)-\(script)-\(region)") }
        if let region { keys.append("\(language)-\(region)") }
        if let script { keys.append("\(language)-\(script)") }
        keys.append(language)
        if let script { keys.append("und-\(script)") }
        for key in keys {
            guard let found = LocaleData.likelySubtags[key], let tag = LanguageTag(found) else { continue }
            let likely = LocaleParts(tag)
            if key.hasPrefix("und-"), language != "und" {
                return LocaleParts(language: language, script: script ?? likely.script,
                                   region: region ?? likely.region, numberingSystem: numberingSystem)
            }
            return LocaleParts(language: language == "und" ? likely.language : language,
                               script: script ?? likely.script, region: region ?? likely.region,
                               numberingSystem: numberingSystem)
        }
        return self
    }

    /// CLDR's parent (UTS #35 §4.1.3, as Babel's `localedata` computes it):
    /// 1. `parentLocales` where it names one (`es-MX` → `es-419`, `zh-Hant-MO` →
    ///    `zh-Hant-HK`, `hi-Latn` → `en-IN`); a `language-REGION` entry also covers the
    ///    tag with the language's likely script written out (`es-Latn-MX`);
    /// 2. root (`nil`) for `language-Script` when the script is not the language's
    ///    likely one (`parentLocales localeRules="nonlikelyScript"`, CLDR 45): `sr-Latn`,
    ///    `uz-Arab`, `pa-Arab`, `zh-Hant` have no parent, `sr-Cyrl` → `sr`;
    /// 3. else the truncation (region, then script).
    ///
    /// A bare language has none here: CLDR's `nb`/`nn` → `no` and `ht` → `fr-HT` name
    /// other languages, which a lookup treats as a missing translation, not a parent.
    package var parent: LocaleParts? {
        let likely = Self.likelyScript(of: language)
        if let region {
            var keys: [String] = []
            if let script { keys.append("\(language)-\(script)-\(region)") }
            if script == nil || script == likely { keys.append("\(language)-\(region)") }
            for key in keys {
                if let found = LocaleData.parentLocales[key], let tag = LanguageTag(found) {
                    var parent = LocaleParts(tag)
                    if parent.script == nil { parent.script = script }
                    return parent
                }
            }
            return LocaleParts(language: language, script: script)
        }
        guard let script else { return nil }
        if let found = LocaleData.parentLocales["\(language)-\(script)"], let tag = LanguageTag(found) {
            return LocaleParts(tag)
        }
        if let likely, script != likely { return nil }
        return LocaleParts(language: language)
    }

    /// The script CLDR's likely subtags give a bare language (`sr` → `Cyrl`, `zh` →
    /// `Hans`); `nil` for a language CLDR does not know.
    static func likelyScript(of language: String) -> String? {
        guard let likely = LocaleData.likelySubtags[language], let tag = LanguageTag(likely) else { return nil }
        return LocaleParts(splitting: tag).script
    }
}
