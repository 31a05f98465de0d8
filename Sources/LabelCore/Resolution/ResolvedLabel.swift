/// A label ready to send: the JSON of `GET /labels/{key}` and `resolve --json`.
public struct ResolvedLabel: Sendable, Hashable {
    public var key: String
    public var requested: LanguageTag?
    /// The language the value is in (`Content-Language`).
    public var language: LanguageTag?
    public var table: String
    public var value: String
    public var source: String
    /// The category chosen for the first plural variable, when one was rendered.
    public var plural: PluralCategory?
    /// Set when the template takes arguments and none were given: the value is
    /// the unrendered template and this is how many arguments it takes.
    public var arguments: Int?
    /// Not satisfied in the requested language (a missing hit, SPEC §6).
    public var isMissing: Bool
    /// The locale numbers are written in (``NumberLocale``); `nil` when the value takes
    /// no arguments (plain text, or the key itself).
    public var numberLocale: LanguageTag?
    /// Found, but a plural variable's category is missing from the file: a
    /// missing hit recorded with the category (Russian `many` with only `one`/`other`).
    public var pluralMiss: PluralMiss?
    /// What the store's inline attribute markup said, and each substituted argument's range,
    /// as UTF-16 offsets into ``value`` (which never holds markup); empty for most labels
    /// (docs/speech.md).
    public var runs: [LabelRun]

    /// Renders a resolution.
    ///
    /// The key itself is returned verbatim, never used as a format: format
    /// strings only ever come from the store.
    /// (`borrowing`: an initializer otherwise takes, and copies, the resolution.)
    package init(resolution: borrowing Resolution, arguments: [String], development: LanguageTag?) throws(FormatError) {
        key = resolution.key
        requested = resolution.requested
        table = resolution.table
        isMissing = resolution.isMissing
        plural = nil
        pluralMiss = nil
        self.arguments = nil
        numberLocale = nil
        runs = []
        // The entry bound once (`Resolution.language(development:)` and `source` would
        // each copy it again).
        guard let entry = resolution.entry else {
            language = development ?? resolution.requested
            source = "key"
            // The key itself, never formatted; a SwiftUI key holds the code's markup
            // (`^[%lld Task](inflect: true)`), which a plain value never carries.
            (value, runs) = InlineMarkup.parse(resolution.key)
            return
        }
        language = entry.language
        source = entry.source
        let needed = entry.argumentCount
        guard needed > 0 else {
            // No number to write: no locale decision. Fetched with no arguments, the value
            // as written, as `Bundle`'s lookup returns it (`%100 kesin`, `100%% sure`):
            // only a format call reads `%`. Arguments given are formatted in, as
            // `String(format:)` with them would (`%%` → `%`).
            let rendered = arguments.isEmpty
                ? LabelFormatter.unformatted(entry.string.template, tokens: entry.tokens, language: entry.language.rawValue)
                : try LabelFormatter.render(entry.string, arguments: arguments, language: entry.language.rawValue,
                                            tokens: entry.tokens)
            value = rendered.value
            runs = rendered.runs
            return
        }
        let formatting = entry.formatting
        let numbers = formatting.numberChoice(requested: resolution.requested)
        self.numberLocale = numbers.locale
        if arguments.isEmpty {
            let unrendered = LabelFormatter.unformatted(entry.string.template, tokens: entry.tokens,
                                                        language: entry.language.rawValue)
            value = unrendered.value
            runs = unrendered.runs
            self.arguments = needed
            return
        }
        let rendered = try LabelFormatter.render(entry.string, arguments: arguments, formatting: formatting,
                                                 numbers: numbers, tokens: entry.tokens)
        value = rendered.value
        plural = rendered.pluralCategory
        pluralMiss = rendered.pluralMiss
        runs = rendered.runs
    }
}
