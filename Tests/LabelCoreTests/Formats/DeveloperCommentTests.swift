import Foundation
import TestSupport
import Testing
@testable import LabelCore

/// The developers' comments the store keeps for translators' exports: the comment right
/// above a development-language `.strings` entry, a String Catalog entry's `comment`.
@Suite struct DeveloperCommentTests {
    static func comments(_ text: String) throws -> [String: String] {
        try StringsFileParser.parse(Data(text.utf8), file: "Localizable.strings", comments: true).comments
    }

    @Test func theCommentRightAboveAnEntryIsItsDeveloperComment() throws {
        let comments = try Self.comments("""
            /* Localizable.strings
               MyApp */

            /* Title of the play button. */
            "play" = "Play";
            // Shown while loading.
            // Keep it short.
            "loading" = "Loading";
            "bare" = "Bare";

            /* A comment a blank line above is no entry's. */

            "far" = "Far";
            /* No comment provided by engineer. */
            "placeholder" = "Placeholder";
            "value" = "Value" /* after the value: not the next key's */;
            "next" = "Next";\r\n/* CR LF */\r\n"crlf" = "x";
            """)
        #expect(comments == ["play": "Title of the play button.", "loading": "Shown while loading.\nKeep it short.",
                             "crlf": "CR LF"])
    }

    @Test func theValuesAreTheSameWithOrWithoutComments() throws {
        let data = try TestStores.corpusData("duckduckgo-iOS/DuckDuckGo/en.lproj/Localizable.strings")
        let plain = try StringsFileParser.parse(data, file: "f")
        let commented = try StringsFileParser.parse(data, file: "f", comments: true)
        #expect(plain.entries == commented.entries && plain.warnings == commented.warnings)
        #expect(plain.comments.isEmpty)
        #expect(commented.comments["action.generic.edit"] == "Buton label for Edit action")
        #expect(commented.comments["action.text-zoom-menu-item"]
            == "Title for text zoom menu item.  %d%% is replaced with percent, e.g. 56% so do not change that please.")
        #expect(commented.comments.count > commented.values.count / 2)
    }

    @Test func aStringCatalogEntrysCommentIsRead() throws {
        let data = try TestStores.corpusData("xcstrings-tool/Tests/XCStringsToolTests/__Fixtures__/Localizable.xcstrings")
        let catalog = try StringCatalogParser.parse(data, file: "Localizable.xcstrings")
        #expect(catalog.comments["Key"] == "This is a comment")
        #expect(catalog.comments["Empty.Comment"] == "Value is empty but there is a comment")
    }

    @Test func aCatalogCommentThatIsNotAStringIsIgnoredAsBefore() throws {
        let json = #"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"comment":5,"localizations":{"en":{"stringUnit":{"state":"translated","value":"V"}}}}}}"#
        let catalog = try StringCatalogParser.parse(Data(json.utf8), file: "c.xcstrings")
        #expect(catalog.localizations["en"]?["k"]?.template == "V")
        #expect(catalog.comments.isEmpty)
    }

    @Test func aHugeCommentIsCutAtACharacterBoundary() throws {
        let huge = String(repeating: "ü", count: 5_000)
        let comment = try #require(try Self.comments("/* \(huge) */\n\"k\" = \"v\";")["k"])
        #expect(comment.utf8.count <= DeveloperComment.maximumBytes && comment.hasSuffix("…"))
        #expect(comment.dropLast().allSatisfy { $0 == "ü" })
    }

    @Test func theCatalogKeepsTheDevelopmentLanguagesCommentsOnlyTheFirstBundleWinning() throws {
        let root = TemporaryFolder.make("comments")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "app/en.lproj/Localizable.strings": "/* App's. */\n\"shared\" = \"S\";\n/* Only the app. */\n\"own\" = \"O\";\n",
            "framework/en.lproj/Localizable.strings": "/* Framework's. */\n\"shared\" = \"S\";\n/* Framework only. */\n\"fw\" = \"F\";\n",
            "app/de.lproj/Localizable.strings": "/* Not a developer's. */\n\"own\" = \"E\";\n",
            "app/Catalog.xcstrings": #"{"sourceLanguage":"en","version":"1.0","strings":{"c":{"comment":"From the catalog.","localizations":{"en":{"stringUnit":{"state":"translated","value":"C"}}}}}}"#,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let catalog = try TestStores.load(root.path).catalog
        #expect(catalog.developerComment(table: "Localizable", key: "shared") == "App's.")
        #expect(catalog.developerComment(table: "Localizable", key: "own") == "Only the app.")
        #expect(catalog.developerComment(table: "Localizable", key: "fw") == "Framework only.")
        #expect(catalog.developerComment(table: "Catalog", key: "c") == "From the catalog.")
        #expect(catalog.developerComment(table: "Localizable", key: "missing") == nil)
    }

    /// Reading comments never changes what a file yields: the same entries, warnings or
    /// error for seeded random mixes of the grammar's pieces.
    @Test func collectingCommentsChangesNoValueWarningOrError() {
        let pieces = ["/* c */", "/*", "*/", "// l", "\n", "\r\n", " ", "\"k\"", "\"v\"", "=", ";", "{", "}", "'q'", "key", "\\",
                      "/", "*", "\u{2028}", "ü"]
        var random = SeededGenerator(seed: 35)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let data = Data(text.utf8)
            let plain = Result { () throws(StringsParseError) in try StringsFileParser.parse(data, file: "f") }
            let commented = Result { () throws(StringsParseError) in try StringsFileParser.parse(data, file: "f", comments: true) }
            switch (plain, commented) {
            case (.success(let a), .success(let b)):
                #expect(a.entries == b.entries && a.warnings == b.warnings, "\(text)")
                #expect(Set(b.comments.keys).isSubset(of: Set(b.values.keys)), "\(text)")
            case (.failure(let a), .failure(let b)):
                #expect(a == b, "\(text)")
            default:
                Issue.record("one parse failed, the other did not: \(text)")
            }
        }
    }
}
