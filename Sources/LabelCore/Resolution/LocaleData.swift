/// The CLDR tables of ``LocaleMatchingTable``, parsed once on first use.
enum LocaleData {
    /// `de` → `de-Latn-DE`, `zh-TW` → `zh-Hant-TW`, `und-419` → `es-Latn-419`.
    static let likelySubtags: [String: String] = parse(LocaleMatchingTable.likelySubtags)
    /// `iw` → `he`, `no` → `nb`, `sh` → `sr-Latn`.
    static let languageAliases: [String: String] = parse(LocaleMatchingTable.languageAliases)
    /// `es-MX` → `es-419`, `en-IN` → `en-001`, `zh-Hant-MO` → `zh-Hant-HK`.
    static let parentLocales: [String: String] = parse(LocaleMatchingTable.parentLocales)

    private static func parse(_ source: String) -> [String: String] {
        var table: [String: String] = [:]
        for line in source.split(separator: "\n") {
            guard let arrow = line.firstIndex(of: ">") else { continue }
            table[String(line[..<arrow])] = String(line[line.index(after: arrow)...])
        }
        return table
    }
}
