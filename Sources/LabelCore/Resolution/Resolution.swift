/// The outcome of looking a key up through a language chain, before rendering.
package struct Resolution: Sendable, Hashable {
    package var key: String
    package var table: String
    /// The tag the client asked for (canonical), or the development language
    /// when it asked for none; `nil` only when neither exists.
    package var requested: LanguageTag?
    /// The entry found; `nil` when the value is the key itself.
    package var entry: CatalogEntry?
    /// The request was not satisfied in the requested language or one of its
    /// truncations: served from another language, or the key itself.
    package var isMissing: Bool

    package init(key: String, table: String, requested: LanguageTag?, entry: CatalogEntry?, isMissing: Bool) {
        self.key = key
        self.table = table
        self.requested = requested
        self.entry = entry
        self.isMissing = isMissing
    }

    /// `app/de`, `framework/en`, or `key`.
    package var source: String { entry?.source ?? "key" }

    /// The language of the value: the entry's, or for the key itself the
    /// language keys are written in (the development language), else the request's.
    package func language(development: LanguageTag?) -> LanguageTag? {
        entry?.language ?? development ?? requested
    }
}
