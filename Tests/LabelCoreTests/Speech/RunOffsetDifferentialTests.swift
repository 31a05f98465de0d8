import Foundation
import LabelCore
import TestSupport
import Testing

/// Run offsets against a reference that never looks at the parser or the formatter: the
/// expected value is put together from its pieces, and every offset is a sum of the pieces'
/// `String.utf16` counts (Foundation's own UTF-16 view, what `NSAttributedString` indexes).
@Suite struct RunOffsetDifferentialTests {
    /// A piece of a template and what it renders to.
    enum Piece {
        case text(String)
        case argument(String)
        indirect case markup([Piece], name: String)
    }

    struct Reference {
        var template = ""
        var value = ""
        var runs: [LabelRun] = []
        var arguments: [String] = []

        mutating func add(_ piece: Piece) {
            switch piece {
            case .text(let text):
                template += text
                value += text
            case .argument(let argument):
                arguments.append(argument)
                template += "%@"
                let start = value.utf16.count
                value += argument
                runs.append(
                    LabelRun(
                        start: start, length: argument.utf16.count,
                        attributes: [.init(name: "argument", value: .number(Double(arguments.count)))]))
            case .markup(let inner, let name):
                template += "^["
                let start = value.utf16.count
                let index = runs.count
                for piece in inner { add(piece) }
                template += "](\(name): \"v\")"
                let length = value.utf16.count - start
                if length > 0 {
                    runs.insert(LabelRun(start: start, length: length, attributes: [.init(name: name, value: .string("v"))]), at: index)
                }
            }
        }
    }

    static let texts = ["a", " ", "é", "😀", "𝔘", "Mürren", "x y", "👩‍👩‍👧", "ß"]
    static let values = ["𝔘", "😀😀", "b", "ée", "Frozen"]

    static func piece(depth: Int, using generator: inout SeededGenerator) -> Piece {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0, 1, 2: return .text(texts.randomElement(using: &generator)!)
        case 3: return .argument(values.randomElement(using: &generator)!)
        default:
            guard depth < 3 else { return .text("q") }
            let count = Int.random(in: 0..<4, using: &generator)
            let inner = (0..<count).map { _ in piece(depth: depth + 1, using: &generator) }
            return .markup(inner, name: ["languageIdentifier", "x", "accessibilitySpeechSpellsOutCharacters"].randomElement(using: &generator)!)
        }
    }

    @Test func randomTemplatesRenderTheReferenceOffsets() throws {
        var generator = SeededGenerator(seed: 0x3636)
        for _ in 0..<1500 {
            var reference = Reference()
            for _ in 0..<Int.random(in: 1..<7, using: &generator) { reference.add(Self.piece(depth: 0, using: &generator)) }
            let string = LocalizedString(template: reference.template)
            let rendered = try LabelFormatter.render(
                string, arguments: reference.arguments, language: "de", tokens: FormatTokenTable(string))
            #expect(rendered.value == reference.value, "\(reference.template)")
            #expect(Set(rendered.runs) == Set(reference.runs), "\(reference.template)")
            #expect(rendered.runs.count == reference.runs.count, "\(reference.template)")
            let ordered = zip(rendered.runs, rendered.runs.dropFirst()).allSatisfy { left, right in
                left.start < right.start || (left.start == right.start && left.length >= right.length)
            }
            #expect(ordered, "\(rendered.runs)")
        }
    }

    @Test func pluralVariantsCountFromTheirOwnStart() throws {
        // "😀 " is 3 UTF-16 units; each variant's markup and argument follow it.
        let variable = PluralVariable(valueType: "d", variants: [.one: "^[%d 𝔘](x: 1)", .other: "%d ^[𝔘𝔘](y: 2)"])
        let string = LocalizedString(template: "😀 %#@n@ ^[%@](languageIdentifier: \"en\")", variables: ["n": variable])
        for (count, title) in [("1", "Frozen"), ("7", "Ça 👩‍👩‍👧")] {
            let rendered = try LabelFormatter.render(string, arguments: [count, title], language: "en", tokens: FormatTokenTable(string))
            let variant = count == "1" ? "1 𝔘" : "7 𝔘𝔘"
            let expected = "😀 " + variant + " " + title
            #expect(rendered.value == expected)
            let prefix = "😀 ".utf16.count
            let titleStart = ("😀 " + variant + " ").utf16.count
            let nsTitle = (expected as NSString).range(of: title)
            #expect(nsTitle.location == titleStart && nsTitle.length == title.utf16.count)
            var runs = [
                LabelRun(start: prefix, length: 1, attributes: [.init(name: "argument", value: .number(1))]),
                LabelRun(
                    start: titleStart, length: title.utf16.count,
                    attributes: [.init(name: "languageIdentifier", value: .string("en"))]),
                LabelRun(start: titleStart, length: title.utf16.count, attributes: [.init(name: "argument", value: .number(2))]),
            ]
            if count == "1" {
                runs.append(LabelRun(start: prefix, length: "1 𝔘".utf16.count, attributes: [.init(name: "x", value: .number(1))]))
            } else {
                runs.append(LabelRun(start: prefix + 2, length: "𝔘𝔘".utf16.count, attributes: [.init(name: "y", value: .number(2))]))
            }
            #expect(Set(rendered.runs) == Set(runs))
        }
    }
}
