/// Which locale's number data ICU uses for these parts, and the only identifier the
/// product ever hands Foundation.
extension LocaleParts {
    /// The table keys for the locale itself, in order (without the numbering system):
    /// the full locale, the language with the region, and with the likely script added
    /// (`zh-TW` → `zh-Hant-TW`, `sr-ME` → `sr-Latn-ME`, as ICU's locale aliases do).
    /// Empty without a region.
    var regionalNumberDataKeys: [String] {
        guard let region else { return [] }
        var keys: [String] = []
        if let script { keys.append("\(language)-\(script)-\(region)") }
        keys.append("\(language)-\(region)")
        if script == nil, let likely = LocaleParts(language: language, region: region).maximized.script {
            keys.append("\(language)-\(likely)-\(region)")
        }
        return keys
    }

    /// The table keys for the language alone, in order: CLDR's parent of the locale
    /// when `parentLocales` names one with a region (`es-JP` → `es-419`: ICU falls back
    /// through it), the language with its script, bare, then `und` (CLDR's root).
    var languageNumberDataKeys: [String] {
        var keys: [String] = []
        if region != nil, let parent = LocaleParts(language: language, script: script, region: region).parent,
            parent.region != nil
        {
            keys.append(parent.baseTag)
        }
        if let script { keys.append("\(language)-\(script)") }
        keys.append(language)
        if language != "und" { keys.append("und") }
        return keys
    }

    /// The region's own locale (its likely language: `US` → `en-US`, `JP` → `ja-JP`),
    /// as table keys in order; empty without a region or when CLDR names no language
    /// for it.
    var countryNumberDataKeys: [String] {
        guard let region else { return [] }
        let local = LocaleParts(language: "und", region: region).maximized
        guard local.language != "und" else { return [] }
        return (local.script.map { ["\(local.language)-\($0)-\(region)"] } ?? []) + ["\(local.language)-\(region)"]
    }

    /// An ICU locale identifier built from these parts alone (`th_TH@numbers=thai`,
    /// `zh_Hant_TW`), or `und` for parts that are not well-formed: each subtag is
    /// checked here (letters or digits of the lengths BCP 47 allows), and the numbering
    /// system is written only when CLDR lists it as numeric. This, never a request's
    /// tag, is what reaches `Locale(identifier:)`.
    var icuIdentifier: String {
        func isASCII(_ text: String, letters: Bool, digits: Bool, lengths: ClosedRange<Int>) -> Bool {
            lengths.contains(text.utf8.count) && text.utf8.allSatisfy { byte in
                (letters && ((byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))))
                    || (digits && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
        }
        guard isASCII(language, letters: true, digits: false, lengths: 2...8) else { return "und" }
        var identifier = language
        if let script, isASCII(script, letters: true, digits: false, lengths: 4...4) { identifier += "_" + script }
        if let region,
            isASCII(region, letters: true, digits: false, lengths: 2...2)
                || isASCII(region, letters: false, digits: true, lengths: 3...3)
        {
            identifier += "_" + region
        }
        if let system = numberingSystem.flatMap(NumberingSystem.init(identifier:)) {
            identifier += "@numbers=" + system.identifier
        }
        return identifier
    }

    /// Whether CLDR has data for the region: a likely language for it, or a locale
    /// with number data in it (`CA`, `US`, `GB`: CLDR's minimized likely subtags leave
    /// them to `und`'s default, yet `fr-CA` groups with U+00A0 where `fr` has
    /// U+202F), or a macro-region CLDR names (`001`, `150`, `419`).
    var hasRegionData: Bool {
        guard let region else { return false }
        return LocaleData.likelySubtags["und-\(region)"] != nil || region == "001" || region == "150"
            || NumberSymbols.isRegionWithNumberData(region)
    }
}
