import Foundation
import LabelCore
import Testing
@testable import LabelAndroid

/// Inline attribute markup in the Android conversion: the text alone, runs as
/// `<annotation>` spans over the right characters, English `inflect` as `<plurals>`.
struct AndroidSpeechTests {
    static let english = LanguageTag("en")!
    static let german = LanguageTag("de")!

    static func convert(_ template: String, _ language: LanguageTag = english,
                        variables: [String: PluralVariable] = [:]) -> AndroidConverter.Conversion {
        AndroidConverter.convert(LocalizedString(template: template, variables: variables), language: language)
    }

    /// The element text `strings.xml` holds for a one-string file.
    static func element(_ conversion: AndroidConverter.Conversion) -> String {
        var file = AndroidStringsFile()
        if let value = conversion.value { file.append(name: "k", key: "k", value: value) }
        let xml = String(decoding: file.xml(), as: UTF8.self)
        guard let start = xml.range(of: "<string name=\"k\">"), let end = xml.range(of: "</string>\n</resources>") else {
            return xml
        }
        return String(xml[start.upperBound..<end.lowerBound])
    }

    static func span(_ start: Int, _ end: Int, _ attributes: [(String, String)]) -> AndroidSpan {
        AndroidSpan(start: start, end: end, attributes: attributes.map { AndroidSpan.Attribute(name: $0.0, value: $0.1) })
    }

    @Test func runsBecomeAnnotationsOverTheirTextAndTheTextHasNoMarkup() {
        let conversion = Self.convert(#"Visit ^[Mürren](accessibilitySpeechPhoneticNotation: "ˈmʏrən", languageIdentifier: "de-CH") today"#)
        #expect(conversion.value == .string("Visit Mürren today", formatted: true,
                                            spans: [Self.span(6, 12, [("ipa", "ˈmʏrən"), ("lang", "de-CH")])]))
        #expect(conversion.problems.isEmpty)
        #expect(Self.element(conversion)
                == #""Visit "<annotation ipa="ˈmʏrən" lang="de-CH">"Mürren"</annotation>" today""#)
    }

    @Test func everyAnnotatedAttributeHasItsName() {
        let conversion = Self.convert(
            #"^[A](accessibilitySpeechSpellsOutCharacters: true, accessibilitySpeechIncludesPunctuation: false, accessibilitySpeechAdjustedPitch: 0.8, accessibilityHeadingLevel: 2)"#)
        #expect(conversion.value == .string("A", formatted: true, spans: [Self.span(0, 1, [
            ("spellOut", "true"), ("punctuation", "false"), ("pitch", "0.8"), ("heading", "2"),
        ])]))
    }

    @Test func offsetsCountScalarsPastCharactersBeyondTheBMP() {
        let conversion = Self.convert(#"😀 𝄞 ^[Zürich](languageIdentifier: "de")"#)
        #expect(conversion.value == .string("😀 𝄞 Zürich", formatted: true, spans: [Self.span(4, 10, [("lang", "de")])]))
    }

    @Test func aRunOverAPlaceholderCoversTheJavaSpecifier() {
        let conversion = Self.convert(#"^[%@](languageIdentifier: "en"), zum Abspielen tippen"#, Self.german)
        #expect(conversion.value == .string("%s, zum Abspielen tippen", formatted: true, spans: [Self.span(0, 2, [("lang", "en")])]))
        let numbered = Self.convert(#"%d von ^[%@](languageIdentifier: "en")"#, Self.german)
        #expect(numbered.value == .string("%1$,d von %2$s", formatted: true, spans: [Self.span(10, 14, [("lang", "en")])]))
    }

    @Test func nestedRunsNestAndWhitespaceIsKept() {
        let conversion = Self.convert(
            #"  ^[Chapter  ^[one](accessibilitySpeechIncludesPunctuation: true)](accessibilityHeadingLevel: 2) "#)
        #expect(conversion.value == .string("  Chapter  one ", formatted: true, spans: [
            Self.span(2, 14, [("heading", "2")]), Self.span(11, 14, [("punctuation", "true")]),
        ]))
        #expect(Self.element(conversion)
                == #""  "<annotation heading="2">"Chapter  "<annotation punctuation="true">"one"</annotation></annotation>" ""#)
    }

    @Test func charactersAreEscapedWithTheTextAndTheAttributeValues() {
        let conversion = Self.convert(#"It's ^["<b>" & co](languageIdentifier: "a\"<b>") @"#)
        #expect(Self.element(conversion)
                == #""It\'s "<annotation lang="a&quot;&lt;b&gt;">"\"&lt;b&gt;\" &amp; co"</annotation>" @""#)
        let leading = Self.convert(#"^[@home](languageIdentifier: "en")"#)
        #expect(Self.element(leading) == #"<annotation lang="en">"\@home"</annotation>"#)
    }

    @Test func pluralVariantsCarryTheirOwnSpans() {
        let variable = PluralVariable(valueType: "d", variants: [.one: #"%d ^[Münze](languageIdentifier: "de")"#,
                                                                 .other: #"%d ^[Münzen](languageIdentifier: "de")"#])
        let conversion = Self.convert("%#@n@", Self.german, variables: ["n": variable])
        guard case .plurals(let items, let spans)? = conversion.value else {
            Issue.record("not plurals: \(String(describing: conversion.value))")
            return
        }
        #expect(items.map(\.1) == ["%,d Münze", "%,d Münzen"])
        #expect(spans[.one] == [Self.span(4, 9, [("lang", "de")])])
        #expect(spans[.other] == [Self.span(4, 10, [("lang", "de")])])
    }

    @Test func attributesAndroidCannotReadAreDroppedWithACode() {
        let conversion = Self.convert(#"^[Maps](accessibilityTextCustom: "map", myOwn: 1, languageIdentifier: "en")"#)
        #expect(conversion.value == .string("Maps", formatted: true, spans: [Self.span(0, 4, [("lang", "en")])]))
        #expect(conversion.problems.map(\.reason) == [.speechAttributeDropped])
        #expect(conversion.problems.first?.severity == .warning)
    }

    @Test func aRunEndingInsideASpecifierLeavesTheSpansOut() {
        let conversion = Self.convert(#"^[%](languageIdentifier: "en")d apples"#)
        #expect(conversion.value == Self.convert("%d apples").value)
        #expect(conversion.problems.map(\.reason) == [.spansDropped])
    }

    @Test func malformedMarkupStaysLiteralText() {
        let conversion = Self.convert(#"Tap ^[here](languageIdentifier: "en""#)
        #expect(conversion.value == .string(#"Tap ^[here](languageIdentifier: "en""#, formatted: true))
    }

    @Test func inflectOutsideEnglishIsSaidAsWrittenWithAWarning() {
        let conversion = Self.convert("^[%lld Aufgabe](inflect: true)", Self.german)
        #expect(conversion.value == .string("%,d Aufgabe", formatted: true))
        #expect(conversion.problems.map(\.reason) == [.notInflected])
    }

    @Test func anEnglishInflectRunBecomesPlurals() {
        let conversion = Self.convert("^[%lld Task](inflect: true) left")
        guard case .plurals(let items, _)? = conversion.value else {
            Issue.record("not plurals: \(String(describing: conversion.value))")
            return
        }
        #expect(items.map(\.0) == [.one, .other])
        #expect(items.map(\.1) == ["%,d Task left", "%,d Tasks left"])
        #expect(conversion.problems.isEmpty)
        #expect(AndroidConverter.becomesPlurals(LocalizedString(template: "^[%lld Task](inflect: true)"), language: Self.english))
        let irregular = Self.convert("%@ has ^[%lld Person](inflect: true, languageIdentifier: \"en\")")
        guard case .plurals(let people, let spans)? = irregular.value else {
            Issue.record("not plurals: \(String(describing: irregular.value))")
            return
        }
        #expect(people.map(\.1) == ["%1$s has %2$,d Person", "%1$s has %2$,d People"])
        #expect(spans[.other] == [Self.span(9, 21, [("lang", "en")])])
    }

    @Test func anExportOfMarkupLinksKindsAcrossFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("android-speech-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (language, text) in [("en", "\"tasks\" = \"^[%lld Task](inflect: true)\";\n"), ("de", "\"tasks\" = \"%lld Aufgaben\";\n")] {
            let folder = root.appendingPathComponent("app/\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        let store = try StoreLoader.load(StoreConfiguration(directory: root.path, bundles: ["app"]))
        let export = AndroidExport(catalog: store.catalog)
        let files = Dictionary(uniqueKeysWithValues: export.files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        #expect(files["values/strings.xml"]?.contains("<item quantity=\"other\">%,d Tasks</item>") == true)
        #expect(files["values-de/strings.xml"]?.contains("<plurals name=\"tasks\">") == true)
        #expect(!files.values.contains { $0.contains("^[") })
    }
}
