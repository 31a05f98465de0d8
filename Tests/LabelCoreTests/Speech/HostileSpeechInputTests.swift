import LabelCore
import Testing

/// Store values that once trapped, overflowed the stack, ran quadratically or invented a
/// word (the review of issue 36), kept as regressions.
@Suite struct HostileSpeechInputTests {
    @Test func anArgumentAttributeAStoreSpelledNeverTrapsTheConversion() {
        for number in [1e300, .infinity, -1, 0.5, 1_001, Double(Int.max)] {
            let run = LabelRun(start: 0, length: 1, attributes: [.init(name: "argument", value: .number(number))])
            #expect(run.argumentNumber == nil, "\(number)")
            #expect(LabelRun.addingLanguages(["en"], to: [run]) == [run])
        }
        let one = LabelRun(start: 0, length: 1, attributes: [.init(name: "argument", value: .number(1))])
        #expect(one.argumentNumber == 1)
    }

    @Test func aLongValueIsPseudolocalizedWithoutRecursion() {
        // aapt's expansion recursed once per 140 characters: 400,000 characters overflowed the stack.
        let value = String(repeating: "ab ", count: 140_000)
        let accented = Pseudolocalizer.pseudolocalize(value, as: .accented)
        #expect(accented.hasPrefix("[åɓ åɓ"))
        #expect(accented.utf16.count > value.utf16.count)
    }

    @Test func manyPercentSignsStayLinear() {
        // Each `%` used to tokenize the whole rest of the value.
        let value = String(repeating: "%d ", count: 6_000)
        let accented = Pseudolocalizer.pseudolocalize(value, as: .accented)
        #expect(accented.contains("»%d«"))
    }

    @Test func markupNestedInItsOwnSyntaxNeverReachesThePlainText() {
        let depth = 400
        let template = String(repeating: "^", count: depth) + String(repeating: "[", count: depth) + "x"
            + String(repeating: "](a: 1)", count: depth)
        let (text, runs) = InlineMarkup.parse(template)
        #expect(!text.contains("^["))
        for run in runs { #expect(run.start >= 0 && run.end <= text.utf16.count) }
    }

    @Test(arguments: [
        ("^[3 Résumé](inflect: true)", "3 Résumé"),
        ("^[3 GB](inflect: true)", "3 GB"),
        ("^[3 SMS](inflect: true)", "3 SMS"),
        ("^[3 Task](inflect: true)", "3 Tasks"),
    ])
    func inflectionLeavesWhatNoRuleCovers(_ example: (String, String)) {
        let (text, runs) = InlineMarkup.parse(example.0)
        #expect(EnglishInflection.inflect(text, runs: runs).text == example.1)
    }

    @Test func noRunIsLeftEmptyByAnEdit() {
        let text = "1 children"
        let runs = [
            LabelRun(start: 0, length: 10, attributes: [.init(name: "inflect", value: .boolean(true))]),
            LabelRun(start: 7, length: 3, attributes: [.init(name: "x", value: .number(1))]),
        ]
        let (inflected, moved) = EnglishInflection.inflect(text, runs: runs)
        #expect(inflected == "1 child")
        #expect(moved.allSatisfy { $0.length > 0 })
    }
}
