import LabelCore
import TestSupport
import Testing

@Suite struct InlineMarkupTests {
    typealias Attribute = LabelRun.Attribute

    struct Case: Sendable, CustomTestStringConvertible {
        var template: String
        var text: String
        var runs: [LabelRun]
        var testDescription: String { template }

        init(_ template: String, _ text: String, _ runs: [LabelRun] = []) {
            self.template = template
            self.text = text
            self.runs = runs
        }
    }

    static func run(_ start: Int, _ length: Int, _ attributes: (String, InlineAttributeValue)...) -> LabelRun {
        LabelRun(start: start, length: length, attributes: attributes.map { Attribute(name: $0.0, value: $0.1) })
    }

    static let wellFormed: [Case] = [
        Case("^[1 Task](inflect: true)", "1 Task", [run(0, 6, ("inflect", .boolean(true)))]),
        Case(
            "Visit ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\") today", "Visit Mürren today",
            [run(6, 6, ("accessibilitySpeechPhoneticNotation", .string("ˈmʏrən")))]),
        Case("^[%@](languageIdentifier: \"en\"), zum Abspielen tippen", "%@, zum Abspielen tippen", [run(0, 2, ("languageIdentifier", .string("en")))]),
        Case(
            "^[%@](morphology: {partOfSpeech: \"noun\", number: \"plural\"})", "%@",
            [run(0, 2, ("morphology", .string("{partOfSpeech: \"noun\", number: \"plural\"}")))]),
        Case(
            "^[x](a: 1, b: -2.5, c: false, d: 'q', e: 1e3, f: .5, g: +7, h: 0x1F)", "x",
            [
                run(
                    0, 1, ("a", .number(1)), ("b", .number(-2.5)), ("c", .boolean(false)), ("d", .string("q")),
                    ("e", .number(1000)), ("f", .number(0.5)), ("g", .number(7)), ("h", .number(31)))
            ]),
        Case("^[x](  a :1 ,  )", "x", [run(0, 1, ("a", .number(1)))]),
        Case("^[x](\"quoted name\": 1)", "x", [run(0, 1, ("quoted name", .number(1)))]),
        Case("^[x](a: [1, \"]\", {b: 2}])", "x", [run(0, 1, ("a", .string("[1, \"]\", {b: 2}]")))]),
        Case("^[x](a: \"q\\\"\\\\\\n\\t\\u00e9\\u{1D518}\\uD835\\uDD18\\x41\\/\")", "x", [run(0, 1, ("a", .string("q\"\\\n\té𝔘𝔘A/")))]),
        Case("^[x](a: 1 /* note */, // line\n b: 2)", "x", [run(0, 1, ("a", .number(1)), ("b", .number(2)))]),
        Case("^[a [b] c](x: 1)", "a [b] c", [run(0, 7, ("x", .number(1)))]),
        Case("^[a \\] c](x: 1)", "a \\] c", [run(0, 6, ("x", .number(1)))]),
        Case("^[a ^[b](x: 1) c](y: 2)", "a b c", [run(0, 5, ("y", .number(2))), run(2, 1, ("x", .number(1)))]),
        Case("^[𝔘 😀](x: 1) ^[é](y: 2)", "𝔘 😀 é", [run(0, 5, ("x", .number(1))), run(6, 1, ("y", .number(2)))]),
        Case("^[x](a: 1, a: 2, b: 3)", "x", [run(0, 1, ("a", .number(2)), ("b", .number(3)))]),
        Case("^[x](a: null, b: 1)", "x", [run(0, 1, ("b", .number(1)))]),
        Case("^[x](a: Infinity)", "x"),
        Case("^[x]()", "x"),
        Case("^[](a: 1)", ""),
        // Removing the outer markup leaves `^[x](a: 1)`: removed by a second pass.
        Case("^^[[x](a: 1)](b: 2)", "x", [run(0, 1, ("b", .number(2))), run(0, 1, ("a", .number(1)))]),
    ]

    static let literal: [String] = [
        "", "plain", "^", "^[", "^[x", "^[x]", "^[x] (a: 1)", "^[x](", "^[x](a", "^[x](a:", "^[x](a: 1",
        "^[x](a 1)", "^[x](a: 1 b: 2)", "^[x](1: 2)", "^[x](a: tru)", "^[x](a: \"open)", "^[x](a: \"\\q)",
        "^[x](a: \"\\1\")", "^[x](a: 1.2.3)", "^[x](a: 1e)", "^[x](a: {b: 1)", "\\^[x](a: 1)", "^\\[x](a: 1)",
        "^[x](a: \"line\nbreak\")", "^[x](a: \"\\uD835\")", "^[x](a: \"\\u{110000}\")", "^[x](,)", "^[x](a: 1,,)",
        "[x](a: 1)", "^ [x](a: 1)",
    ]

    @Test("well-formed markup becomes its text and one run", arguments: wellFormed)
    func wellFormedMarkup(_ example: Case) {
        let parsed = InlineMarkup.parse(example.template)
        #expect(parsed.text == example.text)
        #expect(parsed.runs == example.runs)
        #expect(InlineMarkup.mayContainMarkup(example.template))
    }

    @Test("malformed markup stays literal text", arguments: literal)
    func malformedMarkupStaysLiteral(_ template: String) {
        let parsed = InlineMarkup.parse(template)
        #expect(parsed.text == template)
        #expect(parsed.runs.isEmpty)
        #expect(InlineMarkup.segments(template) == (template.isEmpty ? [] : [.text(template[...])]))
    }

    @Test func mayContainMarkupLooksForCaretBracket() {
        #expect(!InlineMarkup.mayContainMarkup("a ^ [ b"))
        #expect(!InlineMarkup.mayContainMarkup("Tap %@ [x]"))
        #expect(InlineMarkup.mayContainMarkup("a^[b"))
    }

    @Test func segmentsSeparateTextFromSyntax() {
        let template = "Visit ^[a ^[Mürren](x: 1) b](y: \"z\")!"
        let segments = InlineMarkup.segments(template)
        #expect(
            segments == [
                .text("Visit "), .syntax("^["), .text("a "), .syntax("^["), .text("Mürren"), .syntax("](x: 1)"), .text(" b"),
                .syntax("](y: \"z\")"), .text("!"),
            ])
    }

    struct ProblemCase: Sendable, CustomTestStringConvertible {
        var template: String
        var problems: [InlineMarkupProblem]
        var testDescription: String { template }
    }

    static let problemCases: [ProblemCase] = [
        ProblemCase(template: "ok ^[x](a: 1)", problems: []),
        ProblemCase(template: "é ^[x", problems: [InlineMarkupProblem(.unterminatedText, at: 3)]),
        ProblemCase(template: "^[x] (a: 1)", problems: [InlineMarkupProblem(.missingAttributes, at: 0)]),
        ProblemCase(template: "^[x](a: 1", problems: [InlineMarkupProblem(.unterminatedAttributes, at: 8)]),
        ProblemCase(template: "^[x](a 1)", problems: [InlineMarkupProblem(.malformedAttributes, at: 7)]),
        ProblemCase(template: "^[x](a: tru)", problems: [InlineMarkupProblem(.malformedAttributes, at: 8)]),
        ProblemCase(template: "^[x](a: null)", problems: [InlineMarkupProblem(.unsupportedValue, at: 8)]),
        ProblemCase(template: "^[x](a: 1, a: 2)", problems: [InlineMarkupProblem(.duplicateAttribute, at: 11)]),
    ]

    @Test("problems have stable codes and UTF-8 offsets", arguments: problemCases)
    func problemsAreReported(_ example: ProblemCase) {
        #expect(InlineMarkup.problems(example.template) == example.problems)
    }

    @Test func problemCodesAreStable() {
        #expect(
            InlineMarkupProblem.Kind.allCases.map(\.code) == [
                "markup-unterminated-text", "markup-missing-attributes", "markup-unterminated-attributes",
                "markup-malformed-attributes", "markup-unsupported-value", "markup-duplicate-attribute", "markup-too-deep",
            ])
    }

    @Test func deepNestingIsRemovedByLaterPasses() {
        let depth = InlineMarkup.maximumNesting + 4
        let template = String(repeating: "^[", count: depth) + "x" + String(repeating: "](a: 1)", count: depth)
        let parsed = InlineMarkup.parse(template)
        #expect(parsed.text == "x")
        #expect(parsed.runs == Array(repeating: Self.run(0, 1, ("a", .number(1))), count: depth))
        #expect(InlineMarkup.problems(template).map(\.code) == ["markup-too-deep"])
    }

    static let alphabet: [String] = [
        "^", "[", "]", "(", ")", "^[", "](", "a", " ", ":", ",", "\"", "\\", "x: 1", "b: \"q\"", "é", "𝔘", "😀", "{", "}", "%@",
    ]

    @Test func randomTemplatesRoundTrip() {
        var generator = SeededGenerator(seed: 36)
        for _ in 0..<3000 {
            let count = Int.random(in: 0..<24, using: &generator)
            let template = (0..<count).map { _ in Self.alphabet.randomElement(using: &generator)! }.joined()
            let segments = InlineMarkup.segments(template)
            let joined = segments.map { segment -> Substring in
                switch segment {
                case .text(let text), .syntax(let text): return text
                }
            }.joined()
            #expect(joined == template)
            let parsed = InlineMarkup.parse(template)
            #expect(InlineMarkup.parse(parsed.text).text == parsed.text, "markup left in \(parsed.text) from \(template)")
            let length = parsed.text.utf16.count
            for run in parsed.runs {
                #expect(run.start >= 0 && run.length > 0 && run.end <= length, "\(run) out of \(parsed.text)")
            }
            let textOnly = segments.compactMap { segment -> Substring? in
                if case .text(let text) = segment { return text }
                return nil
            }.joined()
            if parsed.text.utf8.count == textOnly.utf8.count {
                #expect(parsed.text == textOnly)
            }
        }
    }
}
