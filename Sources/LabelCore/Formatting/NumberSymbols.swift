package import Foundation

/// The symbols and grouping rules one language uses to write numbers.
///
/// Derived once per language from Foundation (ICU) and cached by ``forLanguage(_:)``,
/// so formatting on the request path never creates a formatter: digits are laid
/// out by ``NumberSymbols`` itself. The derivation formats probe numbers with
/// Foundation's `FormatStyle` and reads the symbols back, because on Linux
/// `NumberFormatter` reports wrong grouping sizes (`hi` as `#,##0`, while ICU
/// and `String(format:locale:)` write `12,34,567`).
package struct NumberSymbols: Sendable, Hashable {
    /// Between integer and fraction digits (`,` in German).
    package var decimalSeparator: String
    /// Between digit groups (`.` in German, U+202F in French).
    package var groupingSeparator: String
    /// Size of the rightmost digit group; 0 means the language does not group.
    package var primaryGroupingSize: Int
    /// Size of the other groups (2 for Hindi: `12,34,567`).
    package var secondaryGroupingSize: Int
    /// CLDR `minimumGroupingDigits`: with 2 (Spanish, Polish), `1000` stays
    /// ungrouped and `10 000` is grouped.
    package var minimumGroupingDigits: Int
    /// Written before a negative number (may include a bidi mark, as in Arabic).
    package var minusSign: String
    /// Written before a positive number when a `+` flag asks for a sign.
    package var plusSign: String
    /// The digits (CLDR's numbering system: `latn`, `arab`, `hanidec`).
    package var numberingSystem: NumberingSystem
    /// The language's zero digit.
    package var zeroDigit: Unicode.Scalar { numberingSystem.zero }
    /// Between mantissa and exponent in `%e`/`%g` (`E`; `أس` in `ar-EG`), as ICU writes it.
    package var exponentSymbol: String

    package init(
        decimalSeparator: String, groupingSeparator: String, primaryGroupingSize: Int,
        secondaryGroupingSize: Int, minimumGroupingDigits: Int, minusSign: String,
        plusSign: String, numberingSystem: NumberingSystem = .latin, exponentSymbol: String = "E"
    ) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.primaryGroupingSize = primaryGroupingSize
        self.secondaryGroupingSize = secondaryGroupingSize
        self.minimumGroupingDigits = minimumGroupingDigits
        self.minusSign = minusSign
        self.plusSign = plusSign
        self.numberingSystem = numberingSystem
        self.exponentSymbol = exponentSymbol
    }

    /// Plain C conventions: `1234567.5`, no grouping, ASCII digits.
    package static let posix = NumberSymbols(
        decimalSeparator: ".", groupingSeparator: ",", primaryGroupingSize: 0,
        secondaryGroupingSize: 0, minimumGroupingDigits: 1, minusSign: "-", plusSign: "+")

    /// The symbols for a BCP 47 language tag (`de`, `fr-CA`, `ar-EG`, `de-CH-u-nu-arab`),
    /// cached by canonical locale (language, script, region, numbering system; variants
    /// and other extensions dropped), at most ``cacheCapacity`` of them. A tag that is
    /// not well-formed is read as `und`.
    ///
    /// The first call for a locale reads the precomputed tables (`NumberSymbols+Table`)
    /// on Linux, or the device's Foundation elsewhere; later calls are a dictionary
    /// lookup under a lock. The tag itself never reaches Foundation (see
    /// ``derived(for:)``). A tag that is not well-formed gets `und`'s symbols (as
    /// Foundation writes numbers for an unknown locale: ungrouped, ASCII digits).
    package static func forLanguage(_ tag: String) -> NumberSymbols {
        let canonical = LanguageTag(tag).map { LocaleParts($0).tag } ?? "und"
        return SymbolCache.shared.symbols(for: canonical)
    }

    /// The symbols for a tag already canonical (``NumberLocale``'s result, a store
    /// language): one hash probe, no parsing, for the request path.
    static func forCanonicalLocale(_ tag: String) -> NumberSymbols {
        SymbolCache.shared.symbols(for: tag)
    }

    /// Most locales whose symbols are kept; beyond it an arbitrary one makes room.
    package static let cacheCapacity = 1024

    /// How many locales are cached now (for tests of the bound).
    static var cachedCount: Int { SymbolCache.shared.count }

    /// The symbols for a canonical tag, as the first call for it finds them: on Linux
    /// from the generated tables only (corelibs Foundation traps on identifiers such
    /// as `de-u-nu-latn` or `de@numbers=xxxx`); on Apple platforms from the device's
    /// Foundation, given only an identifier built here in ICU form from validated
    /// parts (``LocaleParts/icuIdentifier``), never the tag. A tag that does not parse
    /// is read as `und`.
    static func derived(for tag: String) -> NumberSymbols {
        let parts = LanguageTag(tag).map(LocaleParts.init) ?? LocaleParts(language: "und")
        if precomputedTableApplies { return precomputed(for: parts) }
        return NumberSymbols(locale: Locale(identifier: parts.icuIdentifier))
    }

    /// Derives the symbols from Foundation by formatting probe numbers. Pass only an
    /// identifier the product built (``LocaleParts/icuIdentifier``), never one from a
    /// request: corelibs Foundation traps on some well-formed BCP 47 tags.
    package init(locale: Locale) {
        let integerStyle = IntegerFormatStyle<Int>(locale: locale)
        let zero = integerStyle.format(0).unicodeScalars.first { $0.properties.numericType != nil }
        let system = zero.flatMap(NumberingSystem.withZero) ?? .latin

        func isDigit(_ scalar: Unicode.Scalar) -> Bool {
            system.contains(scalar) || (scalar.value >= 0x30 && scalar.value <= 0x39)
        }

        // Groups of 1234567890, right to left, and the text between them.
        var groups: [Int] = []
        var separator = ""
        var current = 0
        var pendingSeparator = ""
        for scalar in integerStyle.format(1_234_567_890).unicodeScalars {
            if isDigit(scalar) {
                if !pendingSeparator.isEmpty {
                    if separator.isEmpty { separator = pendingSeparator }
                    groups.append(current)
                    current = 0
                    pendingSeparator = ""
                }
                current += 1
            } else if current > 0 {
                pendingSeparator.unicodeScalars.append(scalar)
            }
        }
        groups.append(current)
        let primary = groups.count > 1 ? groups[groups.count - 1] : 0
        let secondary = groups.count > 2 ? groups[groups.count - 2] : primary

        // Smallest number of digits above the primary group that gets a separator.
        var minimumGrouping = 1
        if primary > 0, !separator.isEmpty {
            var probe = 1
            for _ in 0..<primary { probe *= 10 }
            while minimumGrouping < 4, !integerStyle.format(probe).contains(separator) {
                minimumGrouping += 1
                probe *= 10
            }
        }

        let decimalText = FloatingPointFormatStyle<Double>(locale: locale).format(1.5)
        var decimalSeparator = ""
        var seenDigit = false
        for scalar in decimalText.unicodeScalars {
            if isDigit(scalar) {
                if seenDigit, !decimalSeparator.isEmpty { break }
                seenDigit = true
            } else if seenDigit {
                decimalSeparator.unicodeScalars.append(scalar)
            }
        }

        func signPrefix(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.prefix { !isDigit($0) }))
        }
        let minus = signPrefix(integerStyle.format(-1))
        let plus = signPrefix(integerStyle.sign(strategy: .always()).format(1))
        let formatter = NumberFormatter()
        formatter.locale = locale
        let exponent = formatter.exponentSymbol ?? "E"

        self.init(
            decimalSeparator: decimalSeparator.isEmpty ? "." : decimalSeparator,
            // Ungrouped (`und`), the separator is not seen: ICU's own is kept for the
            // locales that inherit it with a grouping of their own.
            groupingSeparator: separator.isEmpty ? formatter.groupingSeparator.flatMap { $0.isEmpty ? nil : $0 } ?? "," : separator,
            primaryGroupingSize: separator.isEmpty ? 0 : primary,
            secondaryGroupingSize: separator.isEmpty ? 0 : max(secondary, 1),
            minimumGroupingDigits: minimumGrouping,
            minusSign: minus.isEmpty ? "-" : minus,
            plusSign: plus.isEmpty ? "+" : plus,
            numberingSystem: system,
            exponentSymbol: exponent.isEmpty ? "E" : exponent)
    }
}
/// Process-wide cache of ``NumberSymbols`` per language tag.
private final class SymbolCache: Sendable {
    static let shared = SymbolCache()

    private let symbolsByTag = Locked<[String: NumberSymbols]>([:])

    func symbols(for tag: String) -> NumberSymbols {
        if let cached = symbolsByTag.withLock({ $0[tag] }) { return cached }
        // Derived outside the lock: two threads may both derive once, harmlessly.
        let symbols = NumberSymbols.derived(for: tag)
        symbolsByTag.withLock {
            // Request tags reach this (the user's region), so evict rather than grow.
            if $0.count >= NumberSymbols.cacheCapacity, let victim = $0.keys.first {
                $0[victim] = nil
            }
            $0[tag] = symbols
        }
        return symbols
    }

    var count: Int { symbolsByTag.withLock { $0.count } }
}
