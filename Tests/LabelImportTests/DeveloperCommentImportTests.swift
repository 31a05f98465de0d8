import Foundation
import LabelCore
import MissingKeys
import TestSupport
import Testing
@testable import LabelImport
@testable import LabelServer

/// Comments travel: the server's XLIFF carries the developer's comment as
/// `<note from="developer">` and its facts as `<note from="label-server">`; `import` writes
/// only the developer's note as the `/* comment */` of the entry it writes.
@Suite struct DeveloperCommentImportTests {
    typealias F = ImportFixtures

    /// Xcode's own export: one `<note>` without `from` per unit (the developer's comment, or
    /// Xcode's placeholder), as `xcodebuild -exportLocalizations` writes it.
    static let xcodeExport = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="MyApp/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.0" build-num="15A240d"/>
            </header>
            <body>
              <trans-unit id="share.label" xml:space="preserve">
                <source>Share</source>
                <target>Teilen</target>
                <note>Please preserve the {{EMAIL}} substring</note>
              </trans-unit>
              <trans-unit id="plain" xml:space="preserve">
                <source>Plain</source>
                <target>Schlicht</target>
                <note>No comment provided by engineer.</note>
              </trans-unit>
              <trans-unit id="counted" xml:space="preserve">
                <source>Counted</source>
                <target>Gezählt</target>
                <note from="label-server">3 hits; first seen 2025-01-02T03:04:05Z</note>
              </trans-unit>
              <trans-unit id="both" xml:space="preserve">
                <source>Both</source>
                <target>Beide</target>
                <note from="label-server">1 hit</note>
                <note from="translator">checked</note>
                <note from="developer">The developer's.</note>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """

    @Test func aNoteWithoutFromOrFromTheDeveloperIsTheCommentOneFromLabelServerNever() throws {
        let document = try XLIFFReader.read(Data(Self.xcodeExport.utf8), file: "de.xliff")
        let notes = document.files[0].units.map(\.developerNote)
        #expect(notes == ["Please preserve the {{EMAIL}} substring", "No comment provided by engineer.", nil, "The developer's."])
        let root = try F.bundle(["en.lproj/Localizable.strings": Data("\"share.label\" = \"Share\";\n\"plain\" = \"Plain\";\n\"counted\" = \"Counted\";\n\"both\" = \"Both\";\n".utf8)])
        let importer = Importer(directory: root)
        let plan = importer.plan([document])
        #expect(!plan.report.isRefused, "\(plan.report)")
        try importer.apply(plan.writes)
        let german = try #require(F.text(root, "de.lproj/Localizable.strings"))
        #expect(german.contains("/* Please preserve the {{EMAIL}} substring */\n\"share.label\" = \"Teilen\";"))
        #expect(german.contains("/* The developer's. */\n\"both\" = \"Beide\";"))
        #expect(!german.contains("hit") && !german.contains("checked"))
    }

    /// A store whose development language has comments, hostile ones among them.
    static func store() throws -> URL {
        let english = """
            /* Starts playback; VoiceOver reads it. */
            "play.label" = "Play";
            // Closes --> the <script>alert(1)</script> ]]> and */ too \u{1} end
            "pause.label" = "Pause";
            /* \(String(repeating: "long ", count: 2_000)) */
            "stop.label" = "Stop";

            """
        return try F.bundle([
            "app/en.lproj/Localizable.strings": Data(english.utf8),
            "app/ru.lproj/Localizable.strings": Data("/* Greeting. */\n\"greeting\" = \"Привет\";\n".utf8),
        ])
    }

    @Test func aMissingXLIFFRoundTripsThroughImportWithTheDeveloperCommentAndNotTheHitCounts() throws {
        let root = try Self.store()
        defer { try? FileManager.default.removeItem(at: root) }
        let (_, _, get) = try ImportServerRoundTripTests.serve(root)

        for key in ["play.label", "pause.label", "stop.label"] { _ = try get("/labels/\(key)?lang=ru") }
        let xliff = try get("/missing?format=xliff&lang=ru").text
        #expect(xliff.contains("<note from=\"developer\">Starts playback; VoiceOver reads it.</note>\n<note from=\"label-server\">1 hit; "))
        // Hostile text is text: escaped, what XML 1.0 cannot hold replaced, and bounded.
        #expect(xliff.contains("Closes --&gt; the &lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; and */ too \u{FFFD} end</note>"))
        #expect(!xliff.contains("<script>"))
        let long = try #require(xliff.range(of: "<note from=\"developer\">long "))
        let end = try #require(xliff.range(of: "</note>", range: long.upperBound..<xliff.endIndex))
        #expect(xliff[long.lowerBound..<end.lowerBound].utf8.count < DeveloperComment.maximumBytes + 40)
        if let check = try XLIFFSchema.check(Array(xliff.utf8)) { #expect(check.status == 0, "\(check.message)") }

        let translated = ImportServerRoundTripTests.filled(xliff) { "[ru] " + $0 }
        let importer = Importer(directory: root.appendingPathComponent("app"))
        let plan = importer.plan([try XLIFFReader.read(Data(translated.utf8), file: "missing-ru.xliff")])
        #expect(!plan.report.isRefused && plan.report.findings.isEmpty, "\(plan.report)")
        try importer.apply(plan.writes)
        let russian = try #require(F.text(root, "app/ru.lproj/Localizable.strings"))
        #expect(russian.contains("/* Starts playback; VoiceOver reads it. */\n\"play.label\" = \"[ru] Play\";"))
        #expect(russian.contains("/* Closes --> the <script>alert(1)</script> ]]> and * / too \u{FFFD} end */\n\"pause.label\""))
        #expect(!russian.contains("hit") && !russian.contains("served from"))
        // What import wrote reads back as the same table, comments and all.
        let reread = try StringsFileParser.parse(Data(russian.utf8), file: "ru", comments: true)
        #expect(reread.values["play.label"] == "[ru] Play" && reread.comments["play.label"] == "Starts playback; VoiceOver reads it.")
    }
}
