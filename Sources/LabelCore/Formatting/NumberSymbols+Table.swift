/// Symbols derived ahead of time, one line per locale Foundation's ICU lists.
///
/// Cold start: the first `NumberSymbols(locale:)` in a process cost 3.3 million
/// instructions of `serve`'s first request (the Swift runtime looking up the generic
/// conformances of `IntegerFormatStyle`, and `NumberFormatter`'s exponent symbol),
/// on the event loop. The table is what
/// `NumberSymbols(locale:)` derives, written by the same code
/// (`scripts/generate-number-symbols.sh`), and `NumberSymbolsTableTests` derives
/// every line again and compares, so a toolchain whose ICU writes numbers otherwise
/// fails the tests instead of serving stale symbols. Locales not listed (a language
/// with a region ICU does not pair it with, a `-u-nu-` numbering system) are still
/// derived from Foundation.
///
/// The table is read on Linux only, where it was generated: an app's `LabelClient` on
/// an Apple platform keeps deriving the symbols from the device's own Foundation.
extension NumberSymbols {
    /// Whether this platform reads the table (the one it was generated on).
    static var precomputedTableApplies: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The table's symbols for a canonical tag (``LocaleParts/tag``), or `nil`.
    static func precomputed(forCanonicalTag tag: String) -> NumberSymbols? {
        guard precomputedTableApplies else { return nil }
        return precomputedTable[tag].flatMap(NumberSymbols.init(tableRecord:))
    }

    /// Every line of the table, as the tests and the generator read it.
    static var precomputedEntries: [(tag: String, record: String)] {
        precomputedTable.map { (tag: $0.key, record: $0.value) }
    }

    private static let precomputedTable = LocaleTable(NumberSymbolsTable.lines)

    /// Fields of a record, in order.
    private static let fieldSeparator: Character = "|"

    /// `decimal|grouping|primary|secondary|minimumGrouping|minus|plus|zeroHex|exponent`.
    var tableRecord: String {
        [decimalSeparator, groupingSeparator, String(primaryGroupingSize), String(secondaryGroupingSize),
         String(minimumGroupingDigits), minusSign, plusSign, String(zeroDigit.value, radix: 16, uppercase: true),
         exponentSymbol].joined(separator: String(Self.fieldSeparator))
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
              let zeroValue = UInt32(fields[7], radix: 16), let zero = Unicode.Scalar(zeroValue)
        else { return nil }
        self.init(
            decimalSeparator: fields[0], groupingSeparator: fields[1], primaryGroupingSize: primary,
            secondaryGroupingSize: secondary, minimumGroupingDigits: minimum, minusSign: fields[5],
            plusSign: fields[6], zeroDigit: zero, exponentSymbol: fields[8])
    }
}
