import Foundation
import LabelCore
import Testing
@testable import LabelScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile or broken input never crashes the scan, never makes it quadratic, and never
/// hides the rest of the result (issue 34).
@Suite struct ScanRobustnessTests {
    func scan(_ source: String, language: SourceLanguage = .swift, functions: [String] = []) -> SiteScanner.Result {
        let table = CalleeTable(wrappers: functions.compactMap(CalleeTable.Wrapper.init))
        return SiteScanner.scan(Array(source.utf8), file: "t.swift", language: language, callees: table)
    }

    @Test func thirtyThousandNestedInterpolationsAreAFindingNotACrash() {
        // 90 KB of `"\(`: 30,000 levels (a stack overflow before, on any thread's stack).
        let source = "Text(\"before\")\nlet x = " + String(repeating: #""\("#, count: 30_000) + "\nText(\"after\")\n"
        let result = scan(source)
        #expect(result.warnings.map(\.code) == [.nestingTooDeep])
        // The 257th `\(` opens on line 2 after `let x = ` and 256 `"\(`.
        #expect(result.warnings.first?.line == 2)
        #expect(result.warnings.first?.column == 9 + 256 * 3 + 1)
        // What came before is still found; what follows the limit is not scanned.
        #expect(result.sites.compactMap(\.key) == ["before"])
    }

    @Test func everyFormOfLiteralNestedTooDeepIsAFinding() {
        let forms = [
            String(repeating: ##"#"\#("##, count: 30_000),                  // raw literals
            String(repeating: "\"\"\"\n\\(", count: 30_000),               // multi-line literals
            "Text(\"" + String(repeating: "\\(Text(\"", count: 30_000),   // calls in interpolations
        ]
        for source in forms {
            #expect(scan(source).warnings.map(\.code) == [.nestingTooDeep])
        }
    }

    @Test func nestingUpToTheLimitIsScannedAndWhatFollowsToo() {
        let depth = SourceLexer.maximumInterpolationDepth - 1
        let nested = "Text(\"" + String(repeating: #"\(""#, count: depth) + String(repeating: #"")"#, count: depth) + "\")"
        let result = scan(nested + "\nText(\"after\")\n")
        #expect(result.warnings.isEmpty)
        #expect(result.sites.compactMap(\.key).contains("after"))
    }

    @Test func interpolationsNestedPastTheScannedDepthDoNotHideTheOthers() {
        let deep = String(repeating: #""\("#, count: 12) + "x" + String(repeating: #")""#, count: 12)
        let source = #"Text("\(NSLocalizedString("early", comment: ""))")"# + "\nlet x = \(deep)\n"
        // Text("%@") itself, and the call in its interpolation.
        #expect(scan(source).sites.compactMap(\.key) == ["%@", "early"])
    }

    @Test func deepCommentsAndBracketsNeverOverflow() {
        let comments = String(repeating: "/* ", count: 100_000) + String(repeating: "*/ ", count: 100_000) + "Text(\"a\")"
        #expect(scan(comments).sites.compactMap(\.key) == ["a"])
        let calls = String(repeating: "NSLocalizedString(", count: 100_000) + "\"k\"" + String(repeating: ")", count: 100_000)
        #expect(scan(calls).sites.compactMap(\.key) == ["k"])
        let objectiveC = String(repeating: "[", count: 100_000) + "b localizedStringForKey:@\"k\" value:nil table:nil"
            + String(repeating: "]", count: 100_000)
        #expect(scan(objectiveC, language: .objectiveC).sites.compactMap(\.key) == ["k"])
        let typed = String(repeating: "var a: LocalizedStringKey { ", count: 20_000) + "\"k\"" + String(repeating: " }", count: 20_000)
        #expect(scan(typed).sites.compactMap(\.key) == ["k"])
    }

    /// Sizes where the quadratic walk took minutes in a debug build (25,000 lines: 104 s;
    /// this is 40,000): each unclosed call walked its arguments to the end of the file.
    @Test func unclosedCallsOnEveryLineAreLinear() {
        var objectiveC = ""
        var swift = ""
        for line in 0..<40_000 {
            objectiveC += "NSString *s\(line) = NSLocalizedString(@\"key.\(line) \\\n"
            swift += "Text(\"key.\(line)\", tableName: \n"
        }
        // The blank line ends the last continued literal.
        objectiveC += "\nNSLocalizedString(@\"last\", nil);\n"
        #expect(scan(objectiveC, language: .objectiveC).sites.compactMap(\.key).last == "last")
        // Each unclosed call's arguments are those before the next unclosed one, as before.
        #expect(scan(swift).sites.count == 40_000)
        let messages = String(repeating: "x = [b localizedStringForKey:@\"k\" value:nil table:@\"T\"\n", count: 40_000)
        #expect(scan(messages, language: .objectiveC).sites.count == 40_000)
        let joined = "NSLocalizedString(" + String(repeating: "@\"k\" ", count: 200_000) + ", nil)"
        #expect(scan(joined, language: .objectiveC).sites.first?.key?.count == 200_000)
    }

    /// A run of `#` that opens no raw string was counted again at each of its `#`: 200 KB
    /// of them took 12–26 s in a release build. Counted once, it costs its length.
    @Test func aLongRunOfPoundsThatOpensNoRawStringIsLinear() {
        let pounds = String(repeating: "#", count: 400_000)
        #expect(scan(pounds + "\nText(\"after\")\n").sites.compactMap(\.key) == ["after"])
        let inside = "Text(\"a\\(" + pounds + ")b\")\nText(\"after\")\n"
        #expect(scan(inside).sites.compactMap(\.key).last == "after")
        // A run that does open a raw string is still one.
        #expect(scan("Text(###\"raw\"###)").sites.compactMap(\.key) == ["raw"])
    }

    /// Seeded: token soup of every form the walks jump over never traps.
    @Test func tokenSoupNeverTraps() {
        let pieces = [#""\("#, ##"#"\#("##, "\"\"\"\n", "(", ")", "[", "]", "{", "}", ",", ":", ";", "?", "+", ".", "\n", #""k""#,
                      "@\"k\" ", "NSLocalizedString(", "Text(", "[b localizedStringForKey:", "table:", ".localized", ": LocalizedStringKey {",
                      "-> String.LocalizationValue {", "caseDisplayRepresentations: [Self: DisplayRepresentation] = [", ".init(title: ",
                      ".accessibilityInputLabels([", "enum L10n { static let a = L10n.tr(\"T\", \"k\") ", "L10n.a.b", "/* ", "*/", "\\"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<1500 {
            var source = ""
            for _ in 0..<40 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                source += pieces[Int(state >> 33) % pieces.count]
            }
            _ = scan(source, functions: ["localized"])
            _ = scan(source, language: .objectiveC)
        }
    }

    @Test func aWrapperMemberInsideAConcatenationIsASiteForItsLiteral() {
        let source = """
            let a = "\\(n) " + "suffix".localized
            let b = "a" + "b".localized
            label.text = prefix + "key".localized(with: x)
            let c = ("c1" + "c2").localized
            """
        let sites = scan(source, functions: ["localized"]).sites
        #expect(sites.map(\.key) == ["suffix", "b", "key"])
        #expect(sites.allSatisfy { $0.kind == .literal })
        // A concatenation as the receiver is no literal key: no site, as before.
        #expect(!sites.contains { $0.line == 4 })
    }

    @Test func anUnreadableTableIsAWarningAndTheRestIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for language in ["en", "de", "fr"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(language).lproj"), withIntermediateDirectories: true)
        }
        try Data(#""a" = "A";"#.utf8).write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        try Data(#""a" = "Ah";"#.utf8).write(to: folder.appendingPathComponent("fr.lproj/Localizable.strings"))
        let bad = folder.appendingPathComponent("de.lproj/Localizable.strings")
        try doubledByteOrderMark(#""a" = "A";"#).write(to: bad)
        let store = try ScanStore.resources([folder.path], developmentLanguage: LanguageTag("en"))
        #expect(store.warnings.map(\.code) == [.tableUnreadable])
        #expect(store.warnings.first?.file == bad.path)
        #expect(store.catalog.entry(key: "a", table: "Localizable", language: LanguageTag("fr")!) != nil)

        let site = ScanSite(file: "t.swift", line: 1, column: 6, callee: "Text", table: "Localizable", key: "a", kind: .literal)
        let report = ScanReport(files: 1, sites: [site], store: store.catalog, warnings: store.warnings)
        #expect(report.isIncomplete)
        #expect(!report.hasMissing)
        #expect(report.json().contains(#""warnings":[{"code":"table-unreadable","file":"\#(bad.path)","line":null"#))
        #expect(report.text().contains("[table-unreadable]"))
    }

    @Test func anUnreadableTableOfTheServersLayoutIsAWarningToo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for language in ["en", "de"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("app/\(language).lproj"), withIntermediateDirectories: true)
        }
        try Data(#""a" = "A";"#.utf8).write(to: folder.appendingPathComponent("app/en.lproj/Localizable.strings"))
        try Data(#""b" = "B";"#.utf8).write(to: folder.appendingPathComponent("app/en.lproj/Other.strings"))
        try doubledByteOrderMark(#""a" = "A";"#).write(to: folder.appendingPathComponent("app/de.lproj/Localizable.strings"))
        let configuration = StoreConfiguration(directory: folder.path, bundles: ["app"])
        #expect(throws: StoreLoadError.self) { try StoreLoader.load(configuration) }   // serve and lint refuse it
        let store = try ScanStore.load(configuration)
        #expect(store.warnings.map(\.code) == [.tableUnreadable])
        #expect(store.warnings.first?.file == "app/de.lproj/Localizable.strings")
        #expect(store.catalog.entry(key: "a", table: "Localizable", language: LanguageTag("en")!) != nil)
        #expect(store.catalog.entry(key: "b", table: "Other", language: LanguageTag("en")!) != nil)
    }

    @Test func unreadableSourcesAreWarningsAndTheRestIsScanned() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"Text("good")"#.utf8).write(to: folder.appendingPathComponent("Good.swift"))
        try Data([0x22, 0xFF, 0x22]).write(to: folder.appendingPathComponent("Latin1.swift"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Loop.swift").path,
                                                   withDestinationPath: folder.appendingPathComponent("Loop.swift").path)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Folder.swift").path,
                                                   withDestinationPath: folder.appendingPathComponent("Real").path)
        #expect(mkfifo(folder.appendingPathComponent("Pipe.swift").path, 0o600) == 0)
        var options = Scan.Options()
        options.paths = [folder.path]
        let scanned = Scan.sites(options)
        #expect(scanned.sites.compactMap(\.key) == ["good"])
        let codes = Dictionary(uniqueKeysWithValues: scanned.warnings.map { (URL(fileURLWithPath: $0.file).lastPathComponent, $0.code) })
        #expect(codes == ["Folder.swift": .sourceUnreadable, "Latin1.swift": .sourceNotUTF8, "Loop.swift": .sourceUnreadable,
                          "Pipe.swift": .sourceUnreadable])
    }
}
