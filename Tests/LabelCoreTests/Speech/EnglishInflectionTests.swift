import LabelCore
import Testing

@Suite struct EnglishInflectionTests {
    /// Singular as written → plural, or nil when no rule or table entry justifies one.
    static let plurals: [(String, String?)] = [
        // Regular +s, kept case.
        ("Task", "Tasks"), ("task", "tasks"), ("TASK", "TASKS"), ("item", "items"), ("day", "days"), ("key", "keys"),
        ("page", "pages"), ("song", "songs"),
        // +es after s, x, z, ch, sh.
        ("class", "classes"), ("bus", "buses"), ("status", "statuses"), ("box", "boxes"), ("buzz", "buzzes"),
        ("waltz", "waltzes"), ("match", "matches"), ("dish", "dishes"), ("Church", "Churches"),
        // Consonant + y.
        ("city", "cities"), ("Category", "Categories"), ("STORY", "STORIES"),
        // The irregular table.
        ("person", "people"), ("Person", "People"), ("child", "children"), ("man", "men"), ("woman", "women"),
        ("foot", "feet"), ("tooth", "teeth"), ("mouse", "mice"), ("goose", "geese"), ("leaf", "leaves"),
        ("knife", "knives"), ("roof", "roofs"), ("photo", "photos"), ("Video", "Videos"), ("potato", "potatoes"),
        ("hero", "heroes"), ("quiz", "quizzes"), ("stomach", "stomachs"), ("analysis", "analyses"), ("lens", "lenses"),
        // Uncountable.
        ("sheep", "sheep"), ("fish", "fish"), ("deer", "deer"), ("series", "series"), ("species", "species"),
        // Already plural: left.
        ("people", "people"), ("children", "children"),
        // No rule, no table entry: left as written (nil).
        ("tasks", nil), ("chief'", nil), ("cargo", nil), ("dwarf", nil), ("giraffe'", nil), ("safe'", nil),
        ("mango", nil), ("fez'", nil), ("topaz", nil), ("haiku", nil), ("chili", nil), ("Straße", nil), ("", nil),
    ]

    @Test("plural forms come from a rule or the table", arguments: plurals)
    func pluralForm(_ example: (String, String?)) {
        #expect(EnglishInflection.plural(of: example.0) == example.1)
    }

    static let singulars: [(String, String?)] = [
        ("people", "person"), ("People", "Person"), ("children", "child"), ("leaves", "leaf"), ("sheep", "sheep"),
        ("person", "person"), ("Tasks", nil), ("buses", nil),
    ]

    @Test("singular forms come from the table only", arguments: singulars)
    func singularForm(_ example: (String, String?)) {
        #expect(EnglishInflection.singular(of: example.0) == example.1)
    }

    static func inflect(_ text: String, start: Int = 0, length: Int? = nil) -> (String, [LabelRun]) {
        let run = LabelRun(
            start: start, length: length ?? (text.utf16.count - start),
            attributes: [.init(name: "inflect", value: .boolean(true))])
        return EnglishInflection.inflect(text, runs: [run])
    }

    static let sentences: [(String, String)] = [
        ("3 Task", "3 Tasks"), ("1 Task", "1 Task"), ("2 Person", "2 People"), ("1 People", "1 Person"),
        ("0 file", "0 files"), ("1.0 file", "1.0 files"), ("1,000 city", "1,000 cities"), ("-1 degree", "-1 degree"),
        ("3 new task", "3 new tasks"), ("3 Task.", "3 Tasks."), ("Task", "Task"), ("3 𝔘", "3 𝔘"),
        ("3 mango", "3 mango"), ("21 credit card", "21 credit cards"),
    ]

    @Test("the last word after the number agrees with it", arguments: sentences)
    func sentenceAgrees(_ example: (String, String)) {
        let (text, runs) = Self.inflect(example.0)
        #expect(text == example.1)
        #expect(runs.first?.length == example.1.utf16.count)
        #expect(runs.first?.value(of: "inflect") == .boolean(true))
    }

    @Test func runsAfterAnEditMove() {
        let runs = [
            LabelRun(start: 4, length: 6, attributes: [.init(name: "inflect", value: .boolean(true))]),
            LabelRun(start: 4, length: 1, attributes: [.init(name: "argument", value: .number(1))]),
            LabelRun(start: 13, length: 3, attributes: [.init(name: "x", value: .number(1))]),
        ]
        let (text, moved) = EnglishInflection.inflect("Add 2 Man to 😀ok", runs: runs)
        #expect(text == "Add 2 Men to 😀ok")
        #expect(moved.map(\.start) == [4, 4, 13])
        let (grown, shifted) = EnglishInflection.inflect("Add 2 Child to 😀ok", runs: [
            LabelRun(start: 4, length: 7, attributes: [.init(name: "inflect", value: .boolean(true))]),
            LabelRun(start: 15, length: 3, attributes: [.init(name: "x", value: .number(1))]),
        ])
        #expect(grown == "Add 2 Children to 😀ok")
        #expect(shifted.map(\.start) == [4, 18])
        #expect(shifted.map(\.length) == [10, 3])
    }

    @Test func onlyEnglishLanguages() {
        #expect(EnglishInflection.applies(to: "en"))
        #expect(EnglishInflection.applies(to: "en-GB"))
        #expect(!EnglishInflection.applies(to: "eng"))
        #expect(!EnglishInflection.applies(to: "de"))
    }
}
