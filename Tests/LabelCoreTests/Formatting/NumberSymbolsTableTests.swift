import Foundation
import Testing
@testable import LabelCore

/// The precomputed number symbols (`NumberSymbols+Table`) are exactly what
/// `NumberSymbols(locale:)` derives from this toolchain's Foundation and ICU, for
/// exactly the locales ICU lists. With `NUMBER_SYMBOLS_TABLE_OUT` set (see
/// `scripts/generate-number-symbols.sh`) the suite also writes the table there.
@Suite(.enabled(if: NumberSymbols.precomputedTableApplies, "the table is generated from Linux's Foundation and read there only"))
struct NumberSymbolsTableTests {
    /// Symbols derived live from Foundation for parts, through the ICU identifier the
    /// product builds (the only form that reaches Foundation).
    static func derive(_ parts: LocaleParts) -> NumberSymbols {
        NumberSymbols(locale: Locale(identifier: parts.icuIdentifier))
    }

    /// ICU's locales as canonical tags (and `und`, root), each derived live.
    static func derivedLocales() -> [String: NumberSymbols] {
        var table: [String: NumberSymbols] = ["und": derive(LocaleParts(language: "und"))]
        for identifier in Locale.availableIdentifiers {
            guard let tag = LanguageTag(identifier.replacingOccurrences(of: "_", with: "-")) else { continue }
            let parts = LocaleParts(tag)
            guard parts.numberingSystem == nil, table[parts.tag] == nil else { continue }
            table[parts.tag] = derive(parts)
        }
        return table
    }

    /// The `tag-u-nu-system` lines for `systems`: wherever ICU's symbols differ from
    /// what ``NumberSymbols/symbols(for:line:)`` gives without the line. Parents are
    /// decided before their children (fewer subtags first), as children inherit theirs.
    static func numberingSystemLines(
        locales: [String: NumberSymbols], systems: [NumberingSystem]
    ) -> [String: NumberSymbols] {
        var lines: [String: NumberSymbols] = [:]
        let ordered = locales.keys.sorted { ($0 == "und" ? 0 : $0.split(separator: "-").count, $0) < ($1 == "und" ? 0 : $1.split(separator: "-").count, $1) }
        for tag in ordered {
            let symbols = locales[tag]!
            var parts = LocaleParts(LanguageTag(tag)!)
            for system in [NumberingSystem.latin] + systems.filter({ $0 != .latin }) where system != symbols.numberingSystem {
                parts.numberingSystem = system.identifier
                let derived = derive(parts)
                let modelled = NumberSymbols.symbols(for: parts) { key in locales[key] ?? lines[key] }
                if derived != modelled { lines[parts.tag] = derived }
            }
        }
        return lines
    }

    /// Systems every locale is checked with on an ordinary run (all of them when writing).
    static let checkedSystems = ["latn", "arab", "arabext", "deva", "beng", "thai", "hanidec", "mymr", "fullwide", "tibt"]

    @Test func everyPrecomputedLineIsWhatFoundationDerivesForItsLocale() throws {
        let locales = Self.derivedLocales()
        let writing = ProcessInfo.processInfo.environment["NUMBER_SYMBOLS_TABLE_OUT"]
        let systems = writing != nil ? NumberingSystem.all : Self.checkedSystems.compactMap(NumberingSystem.init(identifier:))
        let systemLines = Self.numberingSystemLines(locales: locales, systems: systems)
        if let path = writing {
            try Self.source(for: locales.merging(systemLines) { first, _ in first }).write(toFile: path, atomically: true, encoding: .utf8)
        }
        let entries = NumberSymbols.precomputedEntries
        #expect(entries.count > 500)
        var mismatches: [String] = []
        for (tag, record) in entries {
            let read = try #require(NumberSymbols(tableRecord: record), "line \(tag) does not read back")
            if (locales[tag] ?? systemLines[tag]) != read, !tag.contains("-u-nu-") || systems.contains(where: { tag.hasSuffix("-u-nu-" + $0.identifier) }) {
                mismatches.append(tag)
            }
        }
        #expect(mismatches.isEmpty, "regenerate with scripts/generate-number-symbols.sh: \(mismatches.prefix(20))")
        let listedLocales = Set(entries.map(\.tag).filter { !$0.contains("-u-nu-") })
        #expect(listedLocales == Set(locales.keys), "the table's locales are not ICU's")
        let checked = Set(systems.map(\.identifier))
        let listedSystemLines = Set(entries.map(\.tag).filter { tag in checked.contains { tag.hasSuffix("-u-nu-" + $0) } })
        #expect(listedSystemLines == Set(systemLines.keys), "the table's numbering-system lines are not ICU's")
    }

    @Test func aListedLocaleIsServedFromTheTableAndOthersFallBackAsICUDoes() throws {
        let german = try #require(NumberSymbols.precomputed(forCanonicalTag: "de-CH"))
        #expect(german == Self.derive(LocaleParts(language: "de", region: "CH")))
        #expect(german.groupingSeparator == "’")
        #expect(NumberSymbols.precomputed(forCanonicalTag: "ar-EG-u-nu-latn") != nil)
        #expect(NumberSymbols.precomputed(forCanonicalTag: "und-u-nu-arab") != nil)
        #expect(NumberSymbols.forLanguage("ar-EG-u-nu-latn") == Self.derive(LocaleParts(language: "ar", region: "EG", numberingSystem: "latn")))
        #expect(NumberSymbols.precomputed(forCanonicalTag: "de") != nil)
        #expect(NumberSymbols.precomputed(forCanonicalTag: "zz-ZZ") == nil)
        #expect(NumberSymbols.forLanguage("zz-ZZ") == Self.derive(LocaleParts(language: "zz", region: "ZZ")))
        #expect(NumberSymbols.forLanguage("de-US") == Self.derive(LocaleParts(language: "de", region: "US")))
    }

    @Test func aRecordReadsBackAsTheSymbolsItWasWrittenFrom() {
        let arabic = Self.derive(LocaleParts(language: "ar", region: "EG"))
        #expect(arabic.isTableRepresentable)
        #expect(NumberSymbols(tableRecord: arabic.tableRecord) == arabic)
        #expect(NumberSymbols(tableRecord: "") == nil)
        #expect(NumberSymbols(tableRecord: ".|,|3|3|1|-|+|latn") == nil)
        #expect(NumberSymbols(tableRecord: ".|,|x|3|1|-|+|latn|E") == nil)
        #expect(NumberSymbols(tableRecord: ".|,|3|3|1|-|+|roman|E") == nil)
    }

    /// The generated Swift file: lines `tag>record` sorted by byte, anything outside
    /// printable ASCII (and `\`, `"`, space) written as `\u{…}` so the file shows every
    /// invisible separator.
    static func source(for table: [String: NumberSymbols]) -> String {
        let regions = Set(table.keys.compactMap { LocaleParts(LanguageTag($0)!).region }).sorted()
        let lines = table.map { tag, symbols -> String in
            precondition(symbols.isTableRepresentable, "\(tag): a symbol holds | > or a line break")
            return tag + ">" + symbols.tableRecord
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var text = """
            // GENERATED FILE: do not edit. Regenerate with scripts/generate-number-symbols.sh.
            // Source: NumberSymbols(locale:) for every locale in Locale.availableIdentifiers
            // (canonical tags) and `und`, and for each with every numbering system of
            // NumberingSystemTable where ICU's symbols are not the locale's Latin ones,
            // as this toolchain's Foundation and ICU derive them.

            /// Number symbols per locale, one `tag>decimal|grouping|primary|secondary|minimumGrouping|minus|plus|numberingSystem|exponent`
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
        text += "        \"\"\"\n\n"
        text += "    /// The regions of those locales, one `REGION>` a line, sorted by byte.\n"
        text += "    static let regions = \"\"\"\n"
        for region in regions { text += "        \(region)>\n" }
        text += "        \"\"\"\n}\n"
        return text
    }
}
