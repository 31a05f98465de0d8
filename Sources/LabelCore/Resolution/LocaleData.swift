/// The CLDR tables of ``LocaleMatchingTable``, parsed once on first use.
enum LocaleData {
    /// `de` → `de-Latn-DE`, `zh-TW` → `zh-Hant-TW`, `und-419` → `es-Latn-419`.
    static let likelySubtags: [String: String] = parse(LocaleMatchingTable.likelySubtags)
    /// `iw` → `he`, `no` → `nb`, `sh` → `sr-Latn`.
    static let languageAliases: [String: String] = parse(LocaleMatchingTable.languageAliases)
    /// `es-MX` → `es-419`, `en-IN` → `en-001`, `zh-Hant-MO` → `zh-Hant-HK`.
    static let parentLocales: [String: String] = parse(LocaleMatchingTable.parentLocales)

    /// Reads `from>to` lines as UTF-8 bytes: splitting the ~8,000 lines by `Character`
    /// (grapheme breaking) cost ~75 million instructions, half of `serve`'s cold start.
    private static func parse(_ source: String) -> [String: String] {
        var table: [String: String] = [:]
        var source = source
        source.withUTF8 { bytes in
            var lineStart = 0
            var arrow: Int?
            for index in 0...bytes.count {
                if index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                    if let arrow {
                        table[String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<arrow]), as: UTF8.self)] =
                            String(decoding: UnsafeBufferPointer(rebasing: bytes[(arrow + 1)..<index]), as: UTF8.self)
                    }
                    lineStart = index + 1
                    arrow = nil
                } else if arrow == nil, bytes[index] == UInt8(ascii: ">") {
                    arrow = index
                }
            }
        }
        return table
    }
}
