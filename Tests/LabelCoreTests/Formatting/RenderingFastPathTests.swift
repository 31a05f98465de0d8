import Foundation
import TestSupport
import Testing
@testable import LabelCore

/// The request path's shortcuts (bare integers grouped straight into the output, tokenized
/// texts walked mark by mark, a store language's rules and symbols remembered) must give
/// exactly what the general paths give, and what Foundation writes.
@Suite struct RenderingFastPathTests {
    private static let languages = ["de", "en", "fr", "hi", "en-IN", "es", "pl", "sv", "de-CH", "ar", "ar-EG", "bn",
                                    "fa", "ru", "ja", "it", "pt-BR", "fr-CH", "my", "mr"]

    /// Magnitudes around every grouping boundary, the 18-digit limit of the shortcut and beyond.
    private static func magnitudes() -> [UInt64] {
        var values: [UInt64] = [0, 1, 7, 42, UInt64(Int64.max), UInt64.max]
        var power: UInt64 = 10
        for _ in 1...19 {
            values += [power - 1, power, power + 1]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        var generator = SeededGenerator(seed: 0xD161)
        for digits in 1...20 {
            for _ in 0..<6 {
                values.append(generator.next() % (digits >= 20 ? UInt64.max : (0..<digits).reduce(1) { value, _ in value * 10 }))
            }
        }
        return values
    }

    private func outcome(_ template: String, _ arguments: [String], _ language: String) -> Result<String, FormatError> {
        Result { () throws(FormatError) in
            try LabelFormatter.render(LocalizedString(template: template), arguments: arguments, language: language).value
        }
    }

    @Test func bareIntegerSpecifiersWriteWhatTheGeneralPathWrites() {
        // A width of 1 changes nothing in the output but takes the general path.
        let pairs = [("%d", "%1d"), ("%i", "%1i"), ("%u", "%1u"), ("%ld", "%1ld"), ("%lld", "%1lld"), ("%hd", "%1hd"),
                     ("%qu", "%1qu"), ("%1$d", "%1$1d"), ("x%zdy", "x%1zdy")]
        for language in Self.languages {
            for magnitude in Self.magnitudes() {
                for written in ["\(magnitude)", "-\(magnitude)", "00\(magnitude)", "-0\(magnitude)"] {
                    for (bare, general) in pairs {
                        #expect(outcome(bare, [written], language) == outcome(general, [written], language),
                                "\(language) \(bare) \(written)")
                    }
                }
            }
            for written in ["-", "", "+5", "1.0", "1e3", " 5", "5 ", "٣", "--5", "-0", "0x10", "99999999999999999999"] {
                for (bare, general) in pairs {
                    #expect(outcome(bare, [written], language) == outcome(general, [written], language),
                            "\(language) \(bare) \(written.debugDescription)")
                }
            }
        }
    }

    @Test func bareIntegerSpecifiersMatchFoundation() throws {
        for language in ["de", "en", "fr", "hi", "ar-EG", "es", "de-CH", "en-IN"] {
            let locale = Locale(identifier: language)
            for magnitude in Self.magnitudes() where magnitude <= UInt64(Int64.max) {
                for value in [Int64(magnitude), -Int64(magnitude)] {
                    for format in ["%d", "%ld", "%lld", "%1$d"] {
                        let ours = try LabelFormatter.render(LocalizedString(template: format), arguments: ["\(value)"],
                                                             language: language).value
                        #expect(ours == String(format: "%lld", locale: locale, value), "\(language) \(format) \(value)")
                    }
                }
            }
        }
    }

    @Test func groupingFromStackDigitsMatchesGroupingAnArray() {
        for language in Self.languages {
            let symbols = NumberSymbols.forLanguage(language)
            for magnitude in Self.magnitudes() {
                var fast = "«"
                var general = "«"
                symbols.appendGroupedInteger(magnitude, to: &fast)
                symbols.appendGroupedDigits(Array(String(magnitude).utf8), to: &general)
                #expect(fast == general, "\(language) \(magnitude)")
            }
        }
    }
}
