import Foundation
import Testing
@testable import LabelCore

/// The precomputed number symbols (`NumberSymbols+Table`) are exactly what
/// `NumberSymbols(locale:)` derives from this toolchain's Foundation and ICU, for
/// exactly the locales ICU lists. With `NUMBER_SYMBOLS_TABLE_OUT` set (see
/// `scripts/generate-number-symbols.sh`) the suite also writes the table there.
@Suite(.enabled(if: NumberSymbols.precomputedTableApplies, "the table is generated from Linux's Foundation and read there only"))
struct NumberSymbolsTableTests {
    /// ICU's locales as canonical tags, the table's keys, each derived live.
    static func derivedTable() -> [String: NumberSymbols] {
        var table: [String: NumberSymbols] = [:]
        for identifier in Locale.availableIdentifiers {
            guard let tag = LanguageTag(identifier.replacingOccurrences(of: "_", with: "-")) else { continue }
            let canonical = LocaleParts(tag).tag
            guard table[canonical] == nil else { continue }
            table[canonical] = NumberSymbols(locale: Locale(identifier: canonical))
        }
        return table
    }

    @Test func everyPrecomputedLineIsWhatFoundationDerivesForItsLocale() throws {
        let derived = Self.derivedTable()
        if let path = ProcessInfo.processInfo.environment["NUMBER_SYMBOLS_TABLE_OUT"] {
            try Self.source(for: derived).write(toFile: path, atomically: true, encoding: .utf8)
        }
        let entries = NumberSymbols.precomputedEntries
        #expect(entries.count > 500)
        var mismatches: [String] = []
        for (tag, record) in entries {
            let read = try #require(NumberSymbols(tableRecord: record), "line \(tag) does not read back")
            if derived[tag] != read { mismatches.append(tag) }
        }
        #expect(mismatches.isEmpty, "regenerate with scripts/generate-number-symbols.sh: \(mismatches.prefix(20))")
        #expect(Set(entries.map(\.tag)) == Set(derived.keys), "the table's locales are not ICU's")
    }

    @Test func aListedLocaleIsServedFromTheTableAndALocaleNotListedFromFoundation() throws {
        let german = try #require(NumberSymbols.precomputed(forCanonicalTag: "de-CH"))
        #expect(german == NumberSymbols(locale: Locale(identifier: "de-CH")))
        #expect(german.groupingSeparator == "’")
        #expect(NumberSymbols.precomputed(forCanonicalTag: "ar-EG-u-nu-latn") == nil)
        #expect(NumberSymbols.forLanguage("ar-EG-u-nu-latn") == NumberSymbols(locale: Locale(identifier: "ar-EG-u-nu-latn")))
        #expect(NumberSymbols.precomputed(forCanonicalTag: "de") != nil)
        #expect(NumberSymbols.precomputed(forCanonicalTag: "zz-ZZ") == nil)
    }

    @Test func aRecordReadsBackAsTheSymbolsItWasWrittenFrom() {
        let arabic = NumberSymbols(locale: Locale(identifier: "ar-EG"))
        #expect(arabic.isTableRepresentable)
        #expect(NumberSymbols(tableRecord: arabic.tableRecord) == arabic)
        #expect(NumberSymbols(tableRecord: "") == nil)
        #expect(NumberSymbols(tableRecord: ".|,|3|3|1|-|+|30") == nil)
        #expect(NumberSymbols(tableRecord: ".|,|x|3|1|-|+|30|E") == nil)
    }

    /// The generated Swift file: lines `tag>record` sorted by byte, anything outside
    /// printable ASCII (and `\`, `"`, space) written as `\u{…}` so the file shows every
    /// invisible separator.
    static func source(for table: [String: NumberSymbols]) -> String {
        let lines = table.map { tag, symbols -> String in
            precondition(symbols.isTableRepresentable, "\(tag): a symbol holds | > or a line break")
            return tag + ">" + symbols.tableRecord
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var text = """
            // GENERATED FILE: do not edit. Regenerate with scripts/generate-number-symbols.sh.
            // Source: NumberSymbols(locale:) for every locale in Locale.availableIdentifiers
            // (canonical tags), as this toolchain's Foundation and ICU derive them.

            /// Number symbols per locale, one `tag>decimal|grouping|primary|secondary|minimumGrouping|minus|plus|zeroHex|exponent`
            /// a line, sorted by byte: ``LocaleTable`` binary-searches them in place.
            enum NumberSymbolsTable {
                static let lines = \"""

            """
        for line in lines {
            text += "        "
            for scalar in line.unicodeScalars {
                if scalar.value > 0x20, scalar.value < 0x7F, scalar != "\\", scalar != "\"" {
                    text.unicodeScalars.append(scalar)
                } else {
                    text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
            text += "\n"
        }
        text += "        \"\"\"\n}\n"
        return text
    }
}
