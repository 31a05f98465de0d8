import Foundation
import Testing
import LabelCore
@testable import LabelLint

/// `lint`: the seeded bad store (one violation per rule), the bundled store, and
/// the heuristics behind individual rules.
struct LinterTests {
    static var seededStore: String { LintStores.seeded }

    static func lint(_ directory: String, bundles: [String] = ["app"], maximumWords: Int? = 7) -> LintReport {
        Linter(configuration: StoreConfiguration(directory: directory, bundles: bundles),
               options: Linter.Options(maximumWords: maximumWords)).run()
    }

    struct Expected: Hashable, CustomStringConvertible {
        var rule: LintRule
        var file: String
        var line: Int?
        var key: String?
        var description: String { "\(file):\(line.map(String.init) ?? "-") [\(rule.rawValue)] \(key ?? "")" }
    }

    @Test func seededStoreReportsEachRuleExactlyOnceWithFileAndLine() {
        let report = Self.lint(Self.seededStore)
        let de = "app/de.lproj/Localizable.strings"
        let speech = "app/de.lproj/Speech.strings"
        let expected: Set<Expected> = [
            Expected(rule: .parseError, file: "app/de.lproj/Broken.strings", line: 2, key: nil),
            Expected(rule: .labelCapitalization, file: de, line: 2, key: "greeting.label"),
            Expected(rule: .labelTrailingPeriod, file: de, line: 3, key: "done.label"),
            Expected(rule: .controlTypeWord, file: de, line: 4, key: "save.label"),
            Expected(rule: .hintVerb, file: de, line: 5, key: "save.hint"),
            Expected(rule: .hintPeriod, file: de, line: 6, key: "close.hint"),
            Expected(rule: .hintCapitalization, file: de, line: 7, key: "open.hint"),
            Expected(rule: .wordLimit, file: de, line: 8, key: "long.label"),
            Expected(rule: .mojibake, file: de, line: 9, key: "puzzle.label"),
            Expected(rule: .emptyValue, file: de, line: 10, key: "empty.label"),
            Expected(rule: .duplicateKey, file: de, line: 12, key: "dup.label"),
            Expected(rule: .specifierMismatch, file: de, line: 13, key: "score.label"),
            Expected(rule: .forbiddenSpecifier, file: "app/de.lproj/Unsafe.strings", line: 2, key: "unsafe.label"),
            Expected(rule: .missingKey, file: "app/en.lproj/Localizable.strings", line: 13, key: "missing.label"),
            Expected(rule: .readerWarning, file: "app/en.lproj/Plurals.stringsdict", line: 25, key: nil),
            Expected(rule: .missingPluralCategory, file: "app/ru.lproj/Plurals.stringsdict", line: 5, key: "apples.count"),
            Expected(rule: .markupLost, file: speech, line: 2, key: "place.label"),
            Expected(rule: .inflectNotEnglish, file: speech, line: 3, key: "tasks.label"),
            Expected(rule: .markupValueType, file: speech, line: 4, key: "heading.label"),
            Expected(rule: .ipaCharacters, file: speech, line: 5, key: "ipa.label"),
            Expected(rule: .markupMalformed, file: speech, line: 6, key: "note.label"),
        ]
        let found = report.findings.map { Expected(rule: $0.rule, file: $0.file, line: $0.line, key: $0.key) }
        #expect(found.count == report.findings.count)
        #expect(Set(found) == expected)
        #expect(found.count == expected.count, "each violation is reported once: \(found)")
        #expect(Set(found.map(\.rule)) == Set(LintRule.allCases), "the seeded store covers every rule")
        #expect(report.errorCount == 10)
        #expect(report.fails(strict: false))
    }

    @Test func seededStoreCompletenessCountsKeysOfTheDevelopmentLanguage() {
        let report = Self.lint(Self.seededStore)
        let german = report.completeness.first { $0.table == "Localizable" && $0.language.rawValue == "de" }
        #expect(german?.present == 11)
        #expect(german?.total == 12)
        #expect(german?.reference.rawValue == "en")
        let russian = report.completeness.first { $0.table == "Plurals" && $0.language.rawValue == "ru" }
        #expect(russian?.present == 2)
    }

    @Test func seededFindingsNameTheRightSeverities() {
        let report = Self.lint(Self.seededStore)
        let severities = Dictionary(report.findings.map { ($0.rule, $0.severity) }, uniquingKeysWith: { a, _ in a })
        for rule in [LintRule.parseError, .duplicateKey, .emptyValue, .mojibake, .specifierMismatch, .missingPluralCategory,
                     .markupMalformed, .markupValueType, .ipaCharacters] {
            #expect(severities[rule] == .error, "\(rule)")
        }
        for rule in [LintRule.missingKey, .labelCapitalization, .labelTrailingPeriod, .controlTypeWord, .hintVerb,
                     .hintPeriod, .hintCapitalization, .wordLimit, .readerWarning, .markupLost, .inflectNotEnglish] {
            #expect(severities[rule] == .warning, "\(rule)")
        }
    }

    @Test func bundledStoreHasNoErrors() {
        let report = Self.lint(LintStores.bundled, bundles: StoreConfiguration.defaultBundles)
        #expect(report.errorCount == 0, "\(report.findings.filter { $0.severity == .error })")
        #expect(report.fileCount > 10)
        #expect(report.completeness.allSatisfy { $0.present == $0.total })
    }

    @Test func wordLimitIsOffUnlessAsked() {
        let report = Self.lint(Self.seededStore, maximumWords: nil)
        #expect(!report.findings.contains { $0.rule == .wordLimit })
    }

    @Test func findingPrintsLikeACompilerDiagnostic() {
        let finding = LintFinding(rule: .hintPeriod, file: "app/de.lproj/Localizable.strings", line: 6,
                                  key: "close.hint", message: "should end with a period")
        #expect(finding.formatted(prefix: "Strings/")
            == "Strings/app/de.lproj/Localizable.strings:6: warning: [hint-period] close.hint: should end with a period")
    }

    @Test func missingStoreFolderIsAParseError() {
        let report = Self.lint("/nonexistent/lint-store")
        #expect(report.findings.map(\.rule) == [.parseError])
    }

    // MARK: - Arguments

    static func plural(_ template: String, _ variants: [PluralCategory: String], type: String = "d") -> LocalizedString {
        LocalizedString(template: template, variables: ["n": PluralVariable(valueType: type, variants: variants)])
    }

    @Test func arabicVariantsWithoutTheNumberStillMatchEnglish() {
        let english = Self.plural("%#@n@", [.one: "%d item", .other: "%d items"])
        let arabic = Self.plural("%#@n@", [.zero: "لا عناصر", .one: "عنصر واحد", .two: "عنصران",
                                           .few: "%d عناصر", .many: "%d عنصرًا", .other: "%d عنصر"])
        let en = LanguageTag("en")!
        #expect(Linter.arguments(of: arabic).differences(from: Linter.arguments(of: english), referenceLanguage: en) == nil)
    }

    @Test func mixedPositionalAndPlainSpecifiersAgreeWhenTypesAgree() {
        let en = LanguageTag("en")!
        let english = Linter.arguments(of: LocalizedString(template: "%d of %d coins"))
        let german = Linter.arguments(of: LocalizedString(template: "%2$d Ziel, %1$d gesammelt"))
        #expect(german.differences(from: english, referenceLanguage: en) == nil)
        let swapped = Linter.arguments(of: LocalizedString(template: "%1$@ hat %2$d"))
        let reference = Linter.arguments(of: LocalizedString(template: "%d has %@"))
        #expect(swapped.differences(from: reference, referenceLanguage: en) != nil)
    }

    @Test func aTranslationReadingAnExtraArgumentIsAMismatch() {
        let en = LanguageTag("en")!
        let english = Linter.arguments(of: LocalizedString(template: "%d coins"))
        let german = Linter.arguments(of: LocalizedString(template: "%d Münzen von %d"))
        #expect(german.differences(from: english, referenceLanguage: en)?.contains("argument 2") == true)
        #expect(english.differences(from: german, referenceLanguage: en)?.contains("never read") == true)
    }

    /// Lints a store of one `Localizable.strings` per language, each holding `greeting.label`.
    static func lintValues(_ values: [(language: String, value: String)]) throws -> LintReport {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("lint-cf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        for (language, value) in values {
            let folder = store.appendingPathComponent("app/\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("\"greeting.label\" = \"\(value)\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        return Self.lint(store.path)
    }

    @Test func aTargetWithAnExtraCoreFoundationSpecifierIsAnError() throws {
        let en = LanguageTag("en")!
        let english = Linter.arguments(of: LocalizedString(template: "Hello %@"))
        for german in ["Hallo %D %@", "Hallo %U %@", "Hallo %O %@", "Hallo %p %@", "Hallo %P %@", "Hallo %*@"] {
            #expect(Linter.arguments(of: LocalizedString(template: german)).differences(from: english, referenceLanguage: en)
                    != nil, "\(german)")
        }
        #expect(Linter.arguments(of: LocalizedString(template: "%D Dateien"))
                .differences(from: Linter.arguments(of: LocalizedString(template: "%d files")), referenceLanguage: en) == nil)

        let report = try Self.lintValues([("en", "Hello %@"), ("de", "Hallo %D %@")])
        #expect(report.findings.map(\.rule) == [.specifierMismatch])
        #expect(report.findings.first?.severity == .error)
        #expect(report.fails(strict: true))
    }

    @Test func aWriteBackSpecifierIsAnErrorInEveryLanguage() throws {
        let report = try Self.lintValues([("en", "Points %n"), ("de", "Punkte %n")])
        #expect(report.findings.map(\.rule) == [.forbiddenSpecifier, .forbiddenSpecifier])
        #expect(report.errorCount == 2)
    }

    @Test(arguments: ["%'d von %@", "Hallo %1000$@", "Hallo %1000D", "%2147483648d", "Hallo %[x]@"])
    func aSpecifierCoreFoundationTrapsOnOrReadsByPlatformIsAnError(_ value: String) throws {
        let report = try Self.lintValues([("en", value), ("de", value)])
        #expect(report.findings.map(\.rule).filter { $0 == .forbiddenSpecifier }.count == 2)
        #expect(report.fails(strict: false))
    }

    @Test func oneArgumentReadAsTwoTypesIsAConflict() {
        #expect(Linter.arguments(of: LocalizedString(template: "%1$d und %1$@")).conflict != nil)
        #expect(Linter.arguments(of: Self.plural("%#@n@", [.one: "%d", .other: "%@"])).conflict != nil)
        #expect(Linter.arguments(of: Self.plural("%#@n@", [.one: "eins", .other: "%d"])).conflict == nil)
    }

    // MARK: - Text heuristics

    @Test func mojibakeFromLatin1AndMacRomanIsFound() {
        #expect(Linter.mojibake(in: "R√§tsel")?.intended == "ä")
        #expect(Linter.mojibake(in: "M√ºnzen")?.encoding == "Mac Roman")
        #expect(Linter.mojibake(in: "SchlÃ¼ssel")?.intended == "ü")
        #expect(Linter.mojibake(in: "donâ€™t")?.intended == "’")
        #expect(Linter.mojibake(in: "guide \u{F8FF}üëç")?.intended == "👍")
        #expect(Linter.mojibake(in: "‰ΩøÁî®‰∏≠Êñá")?.intended == "使")
    }

    @Test func correctlyDecodedTextIsNotMojibake() {
        for text in ["Revient à l’écran précédent.", "„Rätsel“ und “Über”", "Выбран 21 из 30", "عنصران",
                     "Zurück zur vorherigen Seite", "Pozostały 2 minuty", "«élève»", "√2 ≈ 1,41", "40 %"] {
            #expect(Linter.mojibake(in: text) == nil, "\(text)")
        }
    }

    @Test func hintRulesCheckHintKeysAndLabelRulesLabelKeys() throws {
        let directory = try Self.store([
            "app/en.lproj/Localizable.strings": """
                "control.back.hint" = "opens the menu";
                "control.back.label" = "back.";
                "control.back.accessibilityHint" = "The previous page";
                "hints.title" = "hints.";
                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = Self.lint(directory).findings.map { "\($0.key ?? "") \($0.rule.rawValue)" }
        #expect(rules == [
            "control.back.hint hint-capitalization", "control.back.hint hint-period",
            "control.back.label label-capitalization", "control.back.label label-trailing-period",
            "control.back.accessibilityHint hint-verb", "control.back.accessibilityHint hint-period",
        ])
    }

    @Test func englishHintsStartWithAnImperativeOrThirdPersonVerb() {
        #expect(Linter.nonVerbStart(of: "Opens the settings.", language: "en") == nil)
        #expect(Linter.nonVerbStart(of: "Double-tap to activate.", language: "en") == nil)
        #expect(Linter.nonVerbStart(of: "Swipe up or down to adjust it.", language: "en") == nil)
        #expect(Linter.nonVerbStart(of: "The settings open.", language: "en") == "The")
        #expect(Linter.nonVerbStart(of: "This opens the menu.", language: "en") == "This")
    }

    @Test func germanAndFrenchHintsMustNotStartWithAnArticleOrPreposition() {
        #expect(Linter.nonVerbStart(of: "Öffnet die Einstellungen.", language: "de") == nil)
        #expect(Linter.nonVerbStart(of: "Zum Öffnen doppelt tippen.", language: "de") == "Zum")
        #expect(Linter.nonVerbStart(of: "Ouvre le menu.", language: "fr") == nil)
        #expect(Linter.nonVerbStart(of: "Le menu s’ouvre.", language: "fr") == "Le")
        #expect(Linter.nonVerbStart(of: "Открывает меню.", language: "ru") == nil)
    }

    @Test func controlTypeWordsMatchWholeWordsOnly() {
        #expect(Linter.controlTypeWord(in: "Zurück-Taste", language: "de") == "Taste")
        #expect(Linter.controlTypeWord(in: "Tastatur öffnen", language: "de") == nil)
        #expect(Linter.controlTypeWord(in: "Play button", language: "en") == "button")
        #expect(Linter.controlTypeWord(in: "Нажмите кнопку", language: "ru") == "кнопку")
    }

    @Test func labelsStartingWithAnArgumentOrDigitNeedNoCapital() {
        #expect(!Linter.startsLowercase("%@, tap to play"))
        #expect(!Linter.startsLowercase("3 von 10 Münzen"))
        #expect(!Linter.startsLowercase("رجوع"))
        #expect(Linter.startsLowercase("zurück"))
    }

    @Test func pluralLabelsAreCheckedAsSpokenPerCategory() {
        let samples = Linter.spokenSamples(of: Self.plural("Schatzkiste, %#@n@", [.one: "%d Münze", .other: "%d Münzen"]))
        #expect(samples == ["Schatzkiste, %d Münze", "Schatzkiste, %d Münzen"])
        #expect(Linter.wordCount("Reihe %d, Spalte %d, leer") == 5)
    }

    // MARK: - Small stores written by the test

    static func store(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root.path
    }

    @Test func aDuplicateWithTheSameValueIsOnlyAWarning() throws {
        let directory = try Self.store(["app/en.lproj/Localizable.strings": "\"a.label\" = \"A\";\n\"a.label\" = \"A\";\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = Self.lint(directory)
        #expect(report.findings.map(\.rule) == [.duplicateKey])
        #expect(report.findings.first?.severity == .warning)
        #expect(report.findings.first?.line == 2)
        #expect(!report.fails(strict: false))
        #expect(report.fails(strict: true))
    }

    @Test func aKeyInBothStringsAndStringsdictOfOneLanguageIsADuplicate() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>coins</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key><string>d</string>
            \t\t\t<key>one</key><string>%d coin</string>
            \t\t\t<key>other</key><string>%d coins</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>
            """
        let directory = try Self.store([
            "app/en.lproj/Localizable.strings": "\"coins\" = \"%d coins\";\n",
            "app/en.lproj/Localizable.stringsdict": plist,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = Self.lint(directory)
        #expect(report.findings.map(\.rule) == [.duplicateKey])
        #expect(report.findings.first?.file == "app/en.lproj/Localizable.strings")
        #expect(report.findings.first?.message.contains("Localizable.stringsdict:4") == true)
    }

    @Test func stringCatalogEntriesAreComparedWithTheSourceLanguageAndLocated() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "greeting.label" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo %@" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello %d" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let directory = try Self.store(["app/Accessibility.xcstrings": catalog])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = Self.lint(directory)
        #expect(report.findings.map(\.rule) == [.specifierMismatch])
        #expect(report.findings.first?.line == 6)
        #expect(report.findings.first?.language?.rawValue == "de")
    }
}

/// The style checks' fast paths give the results of the calls they stand in for (the
/// 32 MiB lint benchmark spent a third of its time in those calls).
struct LinterStyleFastPathTests {
    /// Every string of up to four symbols from an alphabet of ASCII and Unicode white
    /// space, letters, a combining mark and punctuation: exhaustive, not sampled.
    static func strings(_ alphabet: [String], length: Int) -> [String] {
        var all = [""]
        var level = [""]
        for _ in 0..<length {
            level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
            all += level
        }
        return all
    }

    @Test func trimmingMatchesFoundationOnEveryShortString() {
        let alphabet = [" ", "\n", "\t", "\u{A0}", "\u{2028}", "\u{301}", "a", "É", ".", "\r\n"]
        for text in Self.strings(alphabet, length: 4) {
            #expect(Linter.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func controlTypeWordsMatchTheCharacterSplitOnEveryShortString() {
        let alphabet = ["Button", "tab", "TABS", "icon", "x", "é", "\u{301}", " ", "-", "1", "%@"]
        for language in ["en", "de", "fr", "ja"] {
            let words = Linter.controlTypeWords[language] ?? []
            for text in Self.strings(alphabet, length: 3) {
                let expected = words.isEmpty ? nil : text.split(whereSeparator: { !$0.isLetter })
                    .first { words.contains($0.lowercased()) }.map(String.init)
                #expect(Linter.controlTypeWord(in: text, language: language) == expected)
            }
        }
    }
}
