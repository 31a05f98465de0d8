import Foundation
import LabelCore
import LabelScan
import Testing
@testable import label_server

/// `scan --format xliff|strings`: the developer's note is the call site's `comment:`, else
/// the store's comment on the development-language entry; the facts are label-server's.
@Suite final class ScanExportCommentTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("scan-comments-\(UUID().uuidString)")
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("""
            let a = NSLocalizedString("with.site.comment", comment: "From the call site & <code>")
            let b = NSLocalizedString("with.store.comment", comment: "")
            let c = Text("Plain text key")

            """.utf8).write(to: app.appendingPathComponent("View.swift"))
        let english = root.appendingPathComponent("Resources/en.lproj")
        try FileManager.default.createDirectory(at: english, withIntermediateDirectories: true)
        try Data("""
            /* The store's, overridden by the call's. */
            "with.site.comment" = "Site";
            /* Only in the store. */
            "with.store.comment" = "Store";

            """.utf8).write(to: english.appendingPathComponent("Localizable.strings"))
        let german = root.appendingPathComponent("Resources/de.lproj")
        try FileManager.default.createDirectory(at: german, withIntermediateDirectories: true)
        try Data(#""other" = "Andere";"#.utf8).write(to: german.appendingPathComponent("Localizable.strings"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func report() throws -> ScanReport {
        var options = Scan.Options()
        options.paths = [root.appendingPathComponent("App").path]
        options.store = .resources([root.appendingPathComponent("Resources").path], developmentLanguage: LanguageTag("en"))
        return try Scan.run(options)
    }

    @Test func theCallSitesCommentComesFirstThenTheStoresAndFactsAreLabelServers() throws {
        let report = try report()
        let xliff = ScanCommand.export(report, format: "xliff", language: LanguageTag("de")!, catalog: report.catalog)
        #expect(xliff.contains("<source>Site</source>\n<note from=\"developer\">From the call site &amp; &lt;code&gt;</note>\n<note from=\"label-server\">1 hit; "))
        #expect(xliff.contains("<source>Store</source>\n<note from=\"developer\">Only in the store.</note>\n<note from=\"label-server\">"))
        // No comment anywhere: the facts alone.
        #expect(xliff.contains("<source>Plain text key</source>\n<note from=\"label-server\">"))
        #expect(!xliff.contains("overridden"))

        let stub = ScanCommand.export(report, format: "strings", language: LanguageTag("de")!, catalog: report.catalog)
        let parsed = try StringsFileParser.parse(Data(stub.utf8), file: "stub", comments: true)
        #expect(parsed.comments["with.site.comment"] == "From the call site & <code>")
        #expect(parsed.comments["with.store.comment"] == "Only in the store.")
        // Without a developer's comment the facts are the only comment, as before.
        #expect(parsed.comments["Plain text key"]?.hasPrefix("1 hit; ") == true)
    }

    @Test func aServerLayoutWithAnUnreadableTableStillGivesTheStoresComments() throws {
        let store = root.appendingPathComponent("Strings/app")
        for (path, text) in ["en.lproj/Localizable.strings": "/* Only in the store. */\n\"with.store.comment\" = \"Store\";\n",
                             "de.lproj/Broken.strings": "\"unterminated = ;"] {
            let url = store.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var options = Scan.Options()
        options.paths = [root.appendingPathComponent("App").path]
        options.store = .layout(StoreConfiguration(directory: root.appendingPathComponent("Strings").path, bundles: ["app"]))
        let report = try Scan.run(options)
        #expect(report.warnings.contains { $0.code == .tableUnreadable })
        #expect(report.catalog.developerComment(table: "Localizable", key: "with.store.comment") == "Only in the store.")
    }
}
