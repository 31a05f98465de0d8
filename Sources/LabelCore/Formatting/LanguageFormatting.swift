/// What rendering needs about one store language, shared by every entry in it: its
/// plural rules, found once, and the number locale and symbols of the request
/// language last seen with it.
///
/// Rendering an entry otherwise looks these up by name on every request (the rules'
/// table, ``NumberLocale``'s and ``NumberSymbols``' caches: three hash probes on
/// strings and two locks). Requests mostly repeat one language, so one remembered
/// pair answers most of them with a comparison; any other request language falls
/// back to those caches and is remembered instead. Derived values only, so results
/// never depend on what was remembered.
final class LanguageFormatting: Sendable {
    /// The store language (the entry's, the value's).
    let language: LanguageTag
    /// CLDR rules for ``language``.
    let pluralRules: PluralRules
    private let recent = Locked<Recent?>(nil)

    /// The last request language seen, the number locale it gives for this language,
    /// and once a number was written, that locale's symbols.
    private struct Recent {
        var requested: LanguageTag?
        var numberLocale: LanguageTag
        var symbols: NumberSymbols?
    }

    private init(language: LanguageTag) {
        self.language = language
        pluralRules = PluralRules.forLanguage(language.rawValue)
    }

    /// The shared instance for a language (one per language, made on first use).
    static func forLanguage(_ language: LanguageTag) -> LanguageFormatting {
        if let shared = instances.withLock({ $0[language] }) { return shared }
        let made = LanguageFormatting(language: language)
        return instances.withLock { instances in
            if let shared = instances[language] { return shared }
            // Store languages are few; the bound only keeps odd inputs from growing it.
            if instances.count >= cacheCapacity, let victim = instances.keys.first { instances[victim] = nil }
            instances[language] = made
            return made
        }
    }

    /// Most languages kept; beyond it an arbitrary one makes room (entries keep theirs).
    static let cacheCapacity = 1024
    private static let instances = Locked<[LanguageTag: LanguageFormatting]>([:])

    /// ``NumberLocale/locale(requested:valueLanguage:)`` for a value in this language.
    func numberLocale(requested: LanguageTag?) -> LanguageTag {
        if let hit = recent.withLock({ $0.flatMap { $0.requested == requested ? $0.numberLocale : nil } }) {
            return hit
        }
        let decided = NumberLocale.locale(requested: requested, valueLanguage: language)
        recent.withLock { $0 = Recent(requested: requested, numberLocale: decided) }
        return decided
    }

    /// The symbols of `locale` (a ``numberLocale(requested:)`` result).
    func numberSymbols(locale: LanguageTag) -> NumberSymbols {
        if let hit = recent.withLock({ $0.flatMap { $0.numberLocale == locale ? $0.symbols : nil } }) {
            return hit
        }
        let symbols = NumberSymbols.forCanonicalLocale(locale.rawValue)
        recent.withLock { recent in
            if recent?.numberLocale == locale { recent?.symbols = symbols }
        }
        return symbols
    }
}
