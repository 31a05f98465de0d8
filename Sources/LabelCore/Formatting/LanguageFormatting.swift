/// What rendering needs about one store language, shared by every entry in it: its
/// plural rules, found once, and the number locale and symbols of the request
/// language last seen with it.
///
/// Rendering an entry otherwise looks these up by name on every request (the rules'
/// table, ``NumberLocale``'s and ``NumberSymbols``' caches: three hash probes on
/// strings and two locks). Requests mostly repeat one language, so one remembered
/// ``NumberChoice`` answers most of them with a comparison; any other request language
/// falls back to those caches and is remembered instead. Derived values only, so
/// results never depend on what was remembered.
final class LanguageFormatting: Sendable {
    /// The store language (the entry's, the value's).
    let language: LanguageTag
    /// CLDR rules for ``language``.
    let pluralRules: PluralRules
    private let recent = Locked<NumberChoice?>(nil)

    /// A request tag, the number locale it gives for this language and, once a number
    /// was written, that locale's symbols. Immutable, handed out by reference: the
    /// renderer reads the symbols in place, with no copy of their strings (hence not an
    /// optional, which would be copied to be unwrapped).
    final class NumberChoice: Sendable {
        let requested: LanguageTag?
        let locale: LanguageTag
        /// Whether ``symbols`` are the locale's (else a placeholder, not to be used).
        let hasSymbols: Bool
        let symbols: NumberSymbols

        init(requested: LanguageTag?, locale: LanguageTag, symbols: NumberSymbols?) {
            self.requested = requested
            self.locale = locale
            hasSymbols = symbols != nil
            self.symbols = symbols ?? .posix
        }

        /// Appends `specifier` with `value` in these symbols (a method, so they are
        /// passed from here by reference: read from outside they were copied).
        func render(
            _ specifier: FormatSpecifier, _ value: String, argument: Int, to output: inout String
        ) throws(FormatError) {
            try specifier.render(value, argument: argument, symbols: symbols, to: &output)
        }
    }

    /// The category of a number in ``language`` (a method for the same reason as
    /// ``NumberChoice/render(_:_:argument:to:)``: the rules are not copied out).
    func pluralCategory(for operands: PluralOperands) -> PluralCategory {
        pluralRules.category(for: operands)
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

    /// The choice for a request: its locale is ``NumberLocale/locale(requested:valueLanguage:)``
    /// for a value in this language.
    func numberChoice(requested: LanguageTag?) -> NumberChoice {
        if let last = recent.withLock({ $0 }), last.requested == requested { return last }
        let choice = NumberChoice(requested: requested,
                                  locale: NumberLocale.locale(requested: requested, valueLanguage: language),
                                  symbols: nil)
        recent.withLock { $0 = choice }
        return choice
    }

    /// `choice` with its locale's symbols (``NumberSymbols/forLanguage(_:)``'s), remembered.
    func withSymbols(_ choice: NumberChoice) -> NumberChoice {
        if choice.hasSymbols { return choice }
        if let last = recent.withLock({ $0 }), last.requested == choice.requested, last.locale == choice.locale,
            last.hasSymbols
        {
            return last
        }
        let filled = NumberChoice(requested: choice.requested, locale: choice.locale,
                                  symbols: NumberSymbols.forCanonicalLocale(choice.locale.rawValue))
        recent.withLock { if $0 === choice { $0 = filled } }
        return filled
    }
}
