import Foundation
import Testing
@testable import LabelCore

/// The generated `NumberingSystemTable` is CLDR's numeric numbering systems as this
/// toolchain's ICU writes them. With `NUMBERING_SYSTEM_TABLE_OUT` set (see
/// `scripts/generate-number-symbols.sh`) the suite writes the table there.
@Suite struct NumberingSystemTableTests {
    /// CLDR's `numeric` systems (cldr-json 44, `cldr-core/supplemental/numberingSystems.json`),
    /// and those CLDR 46 added; `tols` and any other ICU does not write are left out.
    static let cldrNumericSystems = [
        "adlm", "ahom", "arab", "arabext", "bali", "beng", "bhks", "brah", "cakm", "cham", "deva", "diak",
        "fullwide", "gong", "gonm", "gujr", "guru", "hanidec", "hmng", "hmnp", "java", "kali", "kawi", "khmr",
        "knda", "lana", "lanatham", "laoo", "latn", "lepc", "limb", "mathbold", "mathdbl", "mathmono",
        "mathsanb", "mathsans", "mlym", "modi", "mong", "mroo", "mtei", "mymr", "mymrshan", "mymrtlng", "nagm",
        "newa", "nkoo", "olck", "orya", "osma", "rohg", "saur", "segment", "shrd", "sind", "sinh", "sora",
        "sund", "takr", "talu", "tamldec", "telu", "thai", "tibt", "tirh", "tnsa", "vaii", "wara", "wcho",
        // CLDR 46
        "gara", "gukh", "krai", "onao", "outlined", "sunu", "tols",
    ]

    /// Digits as cldr-json 44 lists them, for a cross-check of ICU's.
    static let cldrDigits = [
        "hanidec": "〇一二三四五六七八九", "thai": "๐๑๒๓๔๕๖๗๘๙", "arab": "٠١٢٣٤٥٦٧٨٩", "arabext": "۰۱۲۳۴۵۶۷۸۹",
        "deva": "०१२३४५६७८९", "mathbold": "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗", "segment": "🯰🯱🯲🯳🯴🯵🯶🯷🯸🯹", "adlm": "𞥐𞥑𞥒𞥓𞥔𞥕𞥖𞥗𞥘𞥙",
        "limb": "᥆᥇᥈᥉᥊᥋᥌᥍᥎᥏", "latn": "0123456789",
    ]

    /// ICU's digits for each system, as `IntegerFormatStyle` writes 0…9 (which, unlike
    /// `String(format:)`, does not trap on an identifier ICU lacks: it writes `latn`).
    static func icuDigits() -> [String: String] {
        var table: [String: String] = [:]
        for identifier in cldrNumericSystems {
            let style = IntegerFormatStyle<Int>(locale: Locale(identifier: "en@numbers=" + identifier))
            let digits = (0...9).map { style.format($0) }.joined()
            guard digits.unicodeScalars.count == 10, identifier == "latn" || digits != "0123456789" else { continue }
            table[identifier] = digits
        }
        return table
    }

    @Test func theTableIsCLDRsNumericSystemsAsICUWritesThem() throws {
        let icu = Self.icuDigits()
        if let path = ProcessInfo.processInfo.environment["NUMBERING_SYSTEM_TABLE_OUT"] {
            try Self.source(for: icu).write(toFile: path, atomically: true, encoding: .utf8)
        }
        let listed = Dictionary(uniqueKeysWithValues: NumberingSystem.all.map { ($0.identifier, String(String.UnicodeScalarView($0.digits))) })
        #expect(listed == icu.filter { $0.key != "latn" }, "regenerate with scripts/generate-number-symbols.sh")
        for (identifier, digits) in Self.cldrDigits {
            #expect(icu[identifier] == digits, "\(identifier): ICU's digits are not CLDR's")
        }
        #expect(icu.count > 60)
    }

    @Test func hanidecDigitsAreReadNotCountedFromTheZero() throws {
        let hanidec = try #require(NumberingSystem(identifier: "hanidec"))
        #expect(String(String.UnicodeScalarView(hanidec.digits)) == "〇一二三四五六七八九")
        var output = ""
        NumberSymbols.forLanguage("zh-u-nu-hanidec").appendGroupedDigits(Array("1234567".utf8), to: &output)
        #expect(output == String(format: "%d", locale: Locale(identifier: "zh@numbers=hanidec"), 1_234_567))
        #expect(output == "一,二三四,五六七")
    }

    @Test func algorithmicKeywordAndUnknownSystemsAreNotKnown() {
        for identifier in ["roman", "hans", "native", "finance", "traditio", "xxxx", "LATN", "arab-x", "", "tols"] {
            #expect(NumberingSystem(identifier: identifier) == nil, "\(identifier)")
        }
        #expect(NumberingSystem(identifier: "latn") == .latin)
    }

    /// What reaches `Locale(identifier:)` on Apple platforms: built from checked parts,
    /// the numbering system only when CLDR lists it, never the request's tag.
    @Test func theICUIdentifierIsBuiltFromValidatedParts() {
        #expect(LocaleParts(language: "th", region: "TH", numberingSystem: "thai").icuIdentifier == "th_TH@numbers=thai")
        #expect(LocaleParts(language: "zh", script: "Hant", region: "TW").icuIdentifier == "zh_Hant_TW")
        #expect(LocaleParts(language: "de", numberingSystem: "xxxx").icuIdentifier == "de")
        #expect(LocaleParts(language: "de", numberingSystem: "roman").icuIdentifier == "de")
        #expect(LocaleParts(language: "es", region: "419").icuIdentifier == "es_419")
        #expect(LocaleParts(language: "x").icuIdentifier == "und")
        #expect(LocaleParts(language: "de@numbers=x").icuIdentifier == "und")
        #expect(LocaleParts(language: "de", script: "La_n", region: "C@").icuIdentifier == "de")
        #expect(LocaleParts(LanguageTag("de-CH-u-nu-latn-ca-buddhist-x-foo")!).icuIdentifier == "de_CH@numbers=latn")
    }

    /// `id>digits` lines sorted by byte, digits written as `\u{…}`.
    static func source(for table: [String: String]) -> String {
        let lines = table.filter { $0.key != "latn" }.map { identifier, digits in
            identifier + ">" + digits.unicodeScalars.map { "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }.joined()
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return """
            // GENERATED FILE: do not edit. Regenerate with scripts/generate-number-symbols.sh.
            // Source: CLDR's numeric numbering systems (cldr-json cldr-core/supplemental/
            // numberingSystems.json), each as this toolchain's ICU writes 0…9 (Foundation's
            // IntegerFormatStyle with `en@numbers=ID`); systems ICU does not write are left out.
            // CLDR data: Copyright © Unicode, Inc., Unicode License V3 (scripts/LICENSE-Unicode-V3.txt).

            /// Numeric numbering systems other than `latn`, one `id>ten digits` a line,
            /// sorted by byte: ``LocaleTable`` binary-searches them in place.
            enum NumberingSystemTable {
                static let lines = \"""
            \(lines.map { "        " + $0 }.joined(separator: "\n"))
                    \"""
            }

            """
    }
}
