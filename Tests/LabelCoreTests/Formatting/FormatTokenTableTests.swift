import TestSupport
import Testing
@testable import LabelCore

/// `FormatTokenTable` keeps each text's tokens as compact marks (and reads the common
/// specifiers straight from the bytes): what it gives back must be exactly what the
/// tokenizer and the formatter's argument counter say.
@Suite struct FormatTokenTableTests {
    /// The table's tokens and argument count against the oracle for every text of `string`.
    private func expectMatchesTokenizer(_ string: LocalizedString) {
        let table = FormatTokenTable(string)
        let texts = [string.template] + string.variables.values.flatMap(\.variants.values)
        for text in texts {
            if text.contains("%") {
                #expect(table.tokens(for: text) == FormatToken.tokens(in: text), "text \(text.debugDescription)")
            } else {
                #expect(table.tokens(for: text) == nil)
            }
        }
        #expect(table.argumentCount == LabelFormatter.argumentCount(of: string), "string \(string)")
    }

    @Test func commonSpecifiersReadFromTheBytesMatchTheTokenizer() {
        for template in ["%@", "Hallo %@!", "%d von %d", "%1$@ und %2$@", "%2$@ %1$lld", "%ld Münzen für „%@“",
                         "%lld %hhd %hd %qd %zd %td %jd %Lf", "%#@coins@", "%1$#@coins@ gesammelt", "%#@a@ %#@b@",
                         "%@%@%@", "Ende %", "%k", "%1#@x@", "%0d", "%1000$d", "%999$d", "%#@@", "%#@ x@", "%#@x",
                         "100%% sicher %@", "%-5d", "%.2f", "%5.2f %@", "%#x", "%#@name", "€ %@ 😀 %d ä"] {
            expectMatchesTokenizer(LocalizedString(template: template))
        }
    }

    @Test func pluralVariantsMatchTheTokenizerAndTheArgumentCounter() {
        let variables = ["coins": PluralVariable(valueType: "d", variants: [.one: "%d Münze", .other: "%d Münzen von %2$@"]),
                         "boxes": PluralVariable(valueType: "ld", argumentNumber: 3, variants: [.other: "%ld Kisten %%"])]
        expectMatchesTokenizer(LocalizedString(template: "%#@coins@ in %#@boxes@", variables: variables))
        expectMatchesTokenizer(LocalizedString(template: "%1$#@coins@ %@", variables: variables))
    }

    @Test func randomTextsMatchTheTokenizerAndTheArgumentCounter() {
        var generator = SeededGenerator(seed: 0x7AB1E)
        let alphabet = Array("%%%%$#@@.0123456789-+ 'lhqLzjtdiuoxXfFeEgGaAcCsSkä€😀\n")
        for _ in 0..<4000 {
            let length = Int(generator.next() % 20)
            let input = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            expectMatchesTokenizer(LocalizedString(template: input))
            let variables = ["x": PluralVariable(valueType: "d", variants: [.one: input, .other: "%d " + input])]
            expectMatchesTokenizer(LocalizedString(template: "%#@x@ " + input, variables: variables))
        }
    }

    @Test func equalStringsGiveEqualTables() {
        let string = LocalizedString(template: "%1$@ und %2$ld")
        #expect(FormatTokenTable(string) == FormatTokenTable(LocalizedString(template: "%1$@ und %2$ld")))
        #expect(FormatTokenTable(string).hashValue == FormatTokenTable(LocalizedString(template: "%1$@ und %2$ld")).hashValue)
        #expect(FormatTokenTable(string) != FormatTokenTable(LocalizedString(template: "%1$@ und %2$lld")))
    }
}

extension FormatTokenTableTests {
    @Test func aPluralWithoutAnyPercentHasAnEmptyTable() {
        let string = LocalizedString(template: "Kiste", variables: ["x": PluralVariable(variants: [.other: "Kisten"])])
        let table = FormatTokenTable(string)
        #expect(table.tokens(for: "Kiste") == nil)
        #expect(table.argumentCount == 0)
    }
}
