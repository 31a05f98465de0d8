/// The CLDR tables of ``LocaleMatchingTable``, looked up where they lie.
enum LocaleData {
    /// `de` → `de-Latn-DE`, `zh-TW` → `zh-Hant-TW`, `und-419` → `es-Latn-419`.
    static let likelySubtags = LocaleTable(LocaleMatchingTable.likelySubtags)
    /// `iw` → `he`, `no` → `nb`, `sh` → `sr-Latn`.
    static let languageAliases = LocaleTable(LocaleMatchingTable.languageAliases)
    /// `es-MX` → `es-419`, `en-IN` → `en-001`, `zh-Hant-MO` → `zh-Hant-HK`.
    static let parentLocales = LocaleTable(LocaleMatchingTable.parentLocales)
}
