import Foundation
import LabelCore
import Testing
@testable import LabelClient

/// Runs to `AttributedString` on Linux: `languageIdentifier` over the right characters
/// (UTF-16 offsets past characters beyond U+FFFF), offsets that are not characters
/// ignored, and argument languages added as the server adds `argLang`.
struct SpeechAttributesTests {
    static func run(_ start: Int, _ length: Int, _ attributes: [(String, InlineAttributeValue)]) -> LabelRun {
        LabelRun(start: start, length: length, attributes: attributes.map { LabelRun.Attribute(name: $0.0, value: $0.1) })
    }

    /// The text of each range that has a language, with the language.
    static func languages(_ string: AttributedString) -> [String: String] {
        var found: [String: String] = [:]
        for run in string.runs {
            if let language = run.languageIdentifier { found[String(string[run.range].characters)] = language }
        }
        return found
    }

    @Test func languageRunsCoverTheirCharactersPastNonBMPCharacters() {
        let text = "😀 Hallo 𝄞 Welt"
        // UTF-16: 😀 is 2 units, 𝄞 is 2: "Welt" starts at 12.
        #expect(Array(text.utf16).count == 16)
        let rendering = LabelRendering(text: text, runs: [Self.run(12, 4, [("languageIdentifier", .string("en"))]),
                                                          Self.run(3, 5, [("languageIdentifier", .string("de"))])])
        let string = SpeechAttributes.attributedString(rendering)
        #expect(String(string.characters) == text)
        #expect(Self.languages(string) == ["Welt": "en", "Hallo": "de"])
    }

    @Test func offsetsInsideACharacterOrPastTheEndAreIgnored() {
        let rendering = LabelRendering(text: "😀 x", runs: [Self.run(1, 2, [("languageIdentifier", .string("en"))]),
                                                            Self.run(3, 9, [("languageIdentifier", .string("en"))]),
                                                            Self.run(-1, 2, [("languageIdentifier", .string("en"))])])
        #expect(Self.languages(SpeechAttributes.attributedString(rendering)).isEmpty)
    }

    @Test func otherAttributesLeaveTheTextAsItIsOnLinux() {
        let rendering = LabelRendering(text: "3 Tasks", runs: [Self.run(0, 7, [("inflect", .boolean(true)),
                                                                              ("accessibilityHeadingLevel", .number(2))])])
        #expect(String(SpeechAttributes.attributedString(rendering).characters) == "3 Tasks")
    }

    @Test func argumentsAreWrittenAsTheRequestWritesThem() {
        #expect(LabelArgument.number(3).text == "3")
        #expect(LabelArgument.number(1.5).text == "1.5")
        #expect(LabelArgument.text("Film", language: "en").language == "en")
        let literal: LabelArgument = "Anna"
        #expect(literal == .text("Anna"))
    }

    /// A label set from a bundled store with markup (no server): the `String` API holds
    /// no markup, and `rendering` and `attributedString` carry the runs.
    @Test func aLabelSetRendersMarkupAsTextAndRuns() async throws {
        let root = temporaryDirectory()
        let folder = root.appendingPathComponent("app/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"""
            "visit.label" = "😀 Visit ^[Mürren](accessibilitySpeechPhoneticNotation: \"ˈmʏrən\", languageIdentifier: \"de-CH\") today";
            "play.hint" = "%@, ^[tap](languageIdentifier: \"en-GB\") to play";
            """#.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        let labels = try await LabelClient(baseURL: try OfflineTests.deadURL(), fallbackStore: root, timeout: .seconds(5))
            .labels(language: "en")
        #expect(labels.string("visit.label") == "😀 Visit Mürren today")
        let visit = labels.rendering("visit.label")
        #expect(visit.text == "😀 Visit Mürren today")
        #expect(visit.runs.map(\.start) == [9])
        #expect(visit.runs.map(\.length) == [6])
        #expect(visit.runs.first?.value(of: "accessibilitySpeechPhoneticNotation") == .string("ˈmʏrən"))
        #expect(Self.languages(labels.attributedString("visit.label")) == ["Mürren": "de-CH"])
        let hint = labels.attributedString("play.hint", arguments: [.text("Frozen", language: "en")])
        #expect(String(hint.characters) == "Frozen, tap to play")
        #expect(Self.languages(hint)["tap"] == "en-GB")
        #expect(labels.string("play.hint", arguments: ["Frozen"]) == "Frozen, tap to play")
    }
}
