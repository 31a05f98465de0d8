/// Symbols derived ahead of time, one line per locale Foundation's ICU lists (and
/// `und`, CLDR's root), plus a line `tag-u-nu-system` wherever ICU's symbols for a
/// numbering system differ from the locale's Latin ones with that system's digits.
///
/// The table exists so that serving never asks Foundation: deriving symbols is a
/// cold-start cost on the event loop, and corelibs' formatters trap on some
/// identifiers. The table is what
/// `NumberSymbols(locale:)` derives, written by the same code
/// (`scripts/generate-number-symbols.sh`), and `NumberSymbolsTableTests` derives
/// every line again and compares, so a toolchain whose ICU writes numbers otherwise
/// fails the tests instead of serving stale symbols. On Linux nothing else is asked:
/// a locale not listed falls back as ICU does (``precomputed(for:)``), and no
/// identifier from a request ever reaches Foundation, which traps on some
/// (`de-u-nu-latn`, `de@numbers=xxxx`).
///
/// The table is read on Linux only, where it was generated: an app's `LabelClient` on
/// an Apple platform keeps deriving the symbols from the device's own Foundation.
///
/// It also keeps the cold-start row: deriving the symbols from Foundation instead makes
/// `serve` on the bundled store slower to its first 200. Measure with
/// `Benchmarks/cold-start-instructions.sh BINARY`.
extension NumberSymbols {
    /// Whether this platform reads the table (the one it was generated on).
    static var precomputedTableApplies: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The table's line for exactly this canonical tag (``LocaleParts/tag``), or `nil`.
    static func precomputed(forCanonicalTag tag: String) -> NumberSymbols? {
        guard precomputedTableApplies else { return nil }
        return precomputedTable[tag].flatMap(NumberSymbols.init(tableRecord:))
    }

    /// The symbols ICU uses for a locale, from the table alone (no Foundation).
    static func precomputed(for parts: LocaleParts) -> NumberSymbols {
        symbols(for: parts) { precomputedTable[$0].flatMap(NumberSymbols.init(tableRecord:)) }
    }

    /// The symbols for `parts` from a table's lines (`line` reads one by key; the
    /// generator passes the lines it has so far), as Apple's ICU (Foundation's, on Linux
    /// too) finds them:
    /// - a locale the table lists for the region (``LocaleParts/regionalNumberDataKeys``:
    ///   `de-CH`, `zh-TW` → `zh-Hant-TW`) gives its own symbols;
    /// - otherwise the language's (`de`, else `und`, CLDR's root), with the decimal and
    ///   grouping separators and group sizes the region's own locale has in the same
    ///   numbering system when the request names a region
    ///   (``LocaleParts/countryNumberDataKeys``: Apple ICU's country fallback; `de-US`
    ///   writes `1,234,567.5` with German signs and digits, `fa-IN` Persian digits
    ///   grouped as in India);
    /// - a `-u-nu-` system is looked up as ``inherited(_:along:groupedAs:line:)`` says;
    ///   an unknown one is ignored.
    static func symbols(for parts: LocaleParts, line: (String) -> NumberSymbols?) -> NumberSymbols {
        let system = parts.numberingSystem.flatMap(NumberingSystem.init(identifier:))
        if let key = parts.regionalNumberDataKeys.first(where: { line($0) != nil }) {
            return symbols(along: [key] + parts.languageNumberDataKeys, system: system, line: line)
        }
        let own = symbols(along: parts.languageNumberDataKeys, system: system, line: line)
        guard let country = parts.countryNumberDataKeys.first(where: { line($0) != nil }),
            let countryTag = LanguageTag(country)
        else { return own }
        let local = symbols(along: [country] + LocaleParts(countryTag).languageNumberDataKeys,
                            system: own.numberingSystem, line: line)
        var mixed = own
        mixed.decimalSeparator = local.decimalSeparator
        mixed.groupingSeparator = local.groupingSeparator
        mixed.primaryGroupingSize = local.primaryGroupingSize
        mixed.secondaryGroupingSize = local.secondaryGroupingSize
        return mixed
    }

    /// The symbols of the chain's first listed locale, in `system` when given and not its
    /// own: the locale's line for the system (`ar-EG-u-nu-latn`), else the nearest
    /// parent's with the locale's Latin grouping (`de-CH-u-nu-arab`: root's Arabic signs,
    /// grouped as `de-CH`), else the locale's Latin symbols with the system's digits
    /// (`th-u-nu-thai`): ICU takes each symbol and pattern of a numbering system from the
    /// locale's chain, then from `latn`'s.
    private static func symbols(
        along chain: [String], system: NumberingSystem?, line: (String) -> NumberSymbols?
    ) -> NumberSymbols {
        guard let index = chain.firstIndex(where: { line($0) != nil }), let symbols = line(chain[index])
        else { return .posix }
        guard let system, system != symbols.numberingSystem else { return symbols }
        let rest = chain[index...]
        let latin = symbols.numberingSystem == .latin
            ? symbols : inherited(.latin, along: rest, groupedAs: symbols, line: line) ?? symbols.with(.latin)
        if system == .latin { return latin }
        return inherited(system, along: rest, groupedAs: latin, line: line) ?? latin.with(system)
    }

    /// The line for `system` of the chain's first locale, else of its nearest parent
    /// with `grouping`'s grouping; `nil` when no locale of the chain has one.
    private static func inherited(
        _ system: NumberingSystem, along chain: ArraySlice<String>, groupedAs grouping: NumberSymbols,
        line: (String) -> NumberSymbols?
    ) -> NumberSymbols? {
        guard let first = chain.first else { return nil }
        if let own = line(first + "-u-nu-" + system.identifier) { return own }
        for parent in chain.dropFirst() {
            guard var symbols = line(parent + "-u-nu-" + system.identifier) else { continue }
            symbols.primaryGroupingSize = grouping.primaryGroupingSize
            symbols.secondaryGroupingSize = grouping.secondaryGroupingSize
            symbols.minimumGroupingDigits = grouping.minimumGroupingDigits
            return symbols
        }
        return nil
    }

    /// These symbols with another numbering system's digits.
    func with(_ system: NumberingSystem) -> NumberSymbols {
        var symbols = self
        symbols.numberingSystem = system
        return symbols
    }

    /// Whether some locale of ICU's has number data in the region (`CA` for `fr-CA`).
    static func isRegionWithNumberData(_ region: String) -> Bool {
        regionsWithNumberData[region] != nil
    }

    private static let regionsWithNumberData = LocaleTable(NumberSymbolsTable.regions)

    /// Every line of the table, as the tests and the generator read it.
    static var precomputedEntries: [(tag: String, record: String)] {
        precomputedTable.map { (tag: $0.key, record: $0.value) }
    }

    private static let precomputedTable = LocaleTable(NumberSymbolsTable.lines)

    /// Fields of a record, in order.
    private static let fieldSeparator: Character = "|"

    /// `decimal|grouping|primary|secondary|minimumGrouping|minus|plus|numberingSystem|exponent`.
    var tableRecord: String {
        [decimalSeparator, groupingSeparator, String(primaryGroupingSize), String(secondaryGroupingSize),
         String(minimumGroupingDigits), minusSign, plusSign, numberingSystem.identifier, exponentSymbol].joined(separator: String(Self.fieldSeparator))
    }

    /// Whether ``tableRecord`` can hold these symbols: no field holds the separator or
    /// a line break (none of ICU's does; the generator checks).
    var isTableRepresentable: Bool {
        [decimalSeparator, groupingSeparator, minusSign, plusSign, exponentSymbol].allSatisfy {
            !$0.contains(Self.fieldSeparator) && !$0.contains("\n") && !$0.contains(">")
        }
    }

    /// Reads ``tableRecord``'s format back; `nil` for a malformed line.
    init?(tableRecord record: String) {
        let fields = record.split(separator: Self.fieldSeparator, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 9,
              let primary = Int(fields[2]), let secondary = Int(fields[3]), let minimum = Int(fields[4]),
              let system = NumberingSystem(identifier: fields[7])
        else { return nil }
        self.init(
            decimalSeparator: fields[0], groupingSeparator: fields[1], primaryGroupingSize: primary,
            secondaryGroupingSize: secondary, minimumGroupingDigits: minimum, minusSign: fields[5],
            plusSign: fields[6], numberingSystem: system, exponentSymbol: fields[8])
    }
}
