
/// Which locale formats the numbers of a resolved label: the one decision the
/// server and the client (`LabelClient`) both call.
///
/// On a device, `String(localized:)` and `localizedStringWithFormat` format with
/// `Locale.current`: the user's language **and region**, even when the strings come
/// from a plain `de.lproj`. When the app is not localized into the user's language,
/// `Locale.current` is the language the app runs in with the user's region
/// (an English app for a Swiss user formats `1'000`, as `en_CH`). So:
/// - the value's language is the requested language (same language subtag after
///   CLDR aliases, `iw` = `he`): the requested tag's language, script, region and
///   `-u-nu-` numbering system (`de-CH` → `1’000`, `ar-EG` → Arabic-Indic digits);
/// - otherwise (a fallback language): the value's language and script with the
///   requested region (its own region when the request names none) and numbering
///   system (`de-CH` served from `en` → `en-CH`).
///
/// Variants and other extensions never reach the result, and a region CLDR has no
/// data for and a numbering system CLDR does not list as numeric (`-u-nu-xxxx`,
/// `-u-nu-roman`) are dropped, so arbitrary request tags map onto few canonical locales.
package enum NumberLocale {
    /// The canonical locale for numbers (`de-CH`, `en-CH`, `ar-EG-u-nu-latn`).
    ///
    /// - Parameters:
    ///   - requested: The client's tag; `nil` when it asked for none.
    ///   - valueLanguage: The language of the store folder the value came from.
    package static func locale(requested: LanguageTag?, valueLanguage: LanguageTag) -> LanguageTag {
        let key = Key(requested: requested, value: valueLanguage)
        if let cached = decisions.withLock({ $0[key] }) { return cached }
        let decided = decide(requested: requested, valueLanguage: valueLanguage)
        decisions.withLock { cache in
            if cache.count >= cacheCapacity, let victim = cache.keys.first { cache[victim] = nil }
            cache[key] = decided
        }
        return decided
    }

    /// The symbols for ``locale(requested:valueLanguage:)``.
    package static func symbols(requested: LanguageTag?, valueLanguage: LanguageTag) -> NumberSymbols {
        NumberSymbols.forLanguage(locale(requested: requested, valueLanguage: valueLanguage).rawValue)
    }

    /// Most cached (request, value language) decisions; beyond it an arbitrary entry
    /// makes room, so 5,000 distinct request tags cannot grow memory.
    package static let cacheCapacity = 4096

    private struct Key: Hashable {
        var requested: LanguageTag?
        var value: LanguageTag
    }

    private static let decisions = Locked<[Key: LanguageTag]>([:])

    /// How many decisions are cached now (for tests of the bound).
    static var cachedCount: Int { decisions.withLock { $0.count } }

    static func decide(requested: LanguageTag?, valueLanguage: LanguageTag) -> LanguageTag {
        let value = LocaleParts(valueLanguage).aliased
        guard let requested else { return canonical(value) }
        let request = LocaleParts(requested).aliased
        if request.language == value.language {
            return canonical(request)
        }
        return canonical(LocaleParts(language: value.language, script: value.script,
                                     region: request.region ?? value.region,
                                     numberingSystem: request.numberingSystem ?? value.numberingSystem))
    }

    private static func canonical(_ parts: LocaleParts) -> LanguageTag {
        var parts = parts
        if parts.region != nil, !parts.hasRegionData { parts.region = nil }
        // A numbering system CLDR does not list as numeric is ignored, as it is rendered.
        if let system = parts.numberingSystem, NumberingSystem(identifier: system) == nil { parts.numberingSystem = nil }
        // Parts of a valid tag re-joined are a valid tag.
        return LanguageTag(parts.tag) ?? LanguageTag(parts.baseTag) ?? LanguageTag("und")!
    }
}
