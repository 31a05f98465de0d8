import LabelCore
import Testing

@Suite struct FormatterRunsTests {
    typealias Attribute = LabelRun.Attribute

    static func run(_ start: Int, _ length: Int, _ attributes: (String, InlineAttributeValue)...) -> LabelRun {
        LabelRun(start: start, length: length, attributes: attributes.map { Attribute(name: $0.0, value: $0.1) })
    }

    static func argument(_ start: Int, _ length: Int, _ number: Int) -> LabelRun {
        run(start, length, ("argument", .number(Double(number))))
    }

    private func render(
        _ template: String, _ arguments: [String], _ language: String = "en", variables: [String: PluralVariable] = [:]
    ) throws -> RenderedLabel {
        let string = LocalizedString(template: template, variables: variables)
        // Both ways: tokenized at load (a catalog entry) and from the bare string.
        let loaded = try LabelFormatter.render(string, arguments: arguments, language: language, tokens: FormatTokenTable(string))
        let bare = try LabelFormatter.render(string, arguments: arguments, language: language)
        #expect(loaded == bare)
        return loaded
    }

    @Test func englishInflectRunAgreesWithItsNumber() throws {
        let rendered = try render("^[%lld Task](inflect: true)", ["3"])
        #expect(rendered.value == "3 Tasks")
        #expect(rendered.runs == [Self.run(0, 7, ("inflect", .boolean(true))), Self.argument(0, 1, 1)])
        #expect(try render("^[%lld Task](inflect: true)", ["1"]).value == "1 Task")
        #expect(try render("^[%lld Person](inflect: true)", ["2"]).value == "2 People")
    }

    @Test func aRunAfterAPercentLiteralKeepsItsOwnCharacters() throws {
        // `%%` and the text after it are one literal mark: the run is mapped inside it exactly.
        let rendered = try render(#"Battery %lld%%, ^[charging](languageIdentifier: "en") now"#, ["5"])
        #expect(rendered.value == "Battery 5%, charging now")
        #expect(rendered.runs == [Self.argument(8, 1, 1), Self.run(12, 8, ("languageIdentifier", .string("en")))])
        let sure = try render(#"^[100%% sure](x: 1) of %@"#, ["it"])
        #expect(sure.value == "100% sure of it")
        #expect(sure.runs.first == Self.run(0, 9, ("x", .number(1))))
    }

    @Test func otherLanguagesAreLeftAsWritten() throws {
        let rendered = try render("^[%lld Aufgabe](inflect: true)", ["3"], "de")
        #expect(rendered.value == "3 Aufgabe")
        #expect(rendered.runs == [Self.run(0, 9, ("inflect", .boolean(true))), Self.argument(0, 1, 1)])
    }

    @Test func argumentRunsCountUTF16PastNonBMPCharacters() throws {
        let rendered = try render("😀 %@ and %2$@ 𝔘", ["𝔘x", "é"])
        #expect(rendered.value == "😀 𝔘x and é 𝔘")
        #expect(rendered.runs == [Self.argument(3, 3, 1), Self.argument(11, 1, 2)])
    }

    @Test func markupAroundAnArgumentCoversItsValue() throws {
        let rendered = try render("^[%@](languageIdentifier: \"en\"), zum Abspielen tippen", ["Frozen 𝔘"], "de")
        #expect(rendered.value == "Frozen 𝔘, zum Abspielen tippen")
        #expect(rendered.runs == [Self.run(0, 9, ("languageIdentifier", .string("en"))), Self.argument(0, 9, 1)])
    }

    @Test func eachPluralVariantHasItsOwnMarkup() throws {
        let tasks = PluralVariable(
            valueType: "d",
            variants: [.one: "^[%d Aufgabe](x: 1)", .other: "%d ^[Aufgaben](y: 2)"])
        let one = try render("😀 %#@tasks@ ^[offen](z: true)", ["1"], "de", variables: ["tasks": tasks])
        #expect(one.value == "😀 1 Aufgabe offen")
        #expect(one.runs == [Self.run(3, 9, ("x", .number(1))), Self.argument(3, 1, 1), Self.run(13, 5, ("z", .boolean(true)))])
        let many = try render("😀 %#@tasks@ ^[offen](z: true)", ["12"], "de", variables: ["tasks": tasks])
        #expect(many.value == "😀 12 Aufgaben offen")
        #expect(
            many.runs == [Self.argument(3, 2, 1), Self.run(6, 8, ("y", .number(2))), Self.run(15, 5, ("z", .boolean(true)))])
    }

    @Test func markupWithoutSpecifiersIsStripped() throws {
        let rendered = try render("Visit ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\")", [])
        #expect(rendered.value == "Visit Mürren")
        #expect(rendered.runs == [Self.run(6, 6, ("accessibilitySpeechPhoneticNotation", .string("ˈmʏrən")))])
    }

    @Test func markupSpelledByAnArgumentIsRemovedWithoutRuns() throws {
        let rendered = try render("Hi %@", ["^[x](inflect: true)"])
        #expect(rendered.value == "Hi x")
        #expect(rendered.runs == [Self.argument(3, 1, 1)])
    }

    @Test func plainLabelsHaveNoRuns() throws {
        #expect(try render("Hello", []).runs.isEmpty)
        #expect(try render("100%% sure", ["1"]).runs.isEmpty)
        #expect(try render("Empty %@.", [""]).runs.isEmpty)
    }
}
