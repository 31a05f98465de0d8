import Foundation
import LabelCore
import Testing
@testable import label_server

/// The configuration through the built `label-server`, where exit statuses matter, and
/// `--resources` against the same store laid out as `Strings/`.
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class ConfigurationCommandTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("config-command-\(UUID().uuidString)")
        let tables = [
            ("en", "Localizable.strings", #""done.label" = "Done";"# + "\n" + #""open.hint" = "Opens the list";"#),
            ("de", "Localizable.strings", #""done.label" = "Fertig";"#),
            ("en", "Settings.strings", #""title" = "Settings";"#),
        ]
        for (language, table, text) in tables {
            for bundle in ["Strings/Resources", "MyApp/Resources"] {
                let folder = root.appendingPathComponent("\(bundle)/\(language).lproj")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: folder.appendingPathComponent(table))
            }
        }
        let frameworks = root.appendingPathComponent("MyApp/Kit/fr.lproj")
        try FileManager.default.createDirectory(at: frameworks, withIntermediateDirectories: true)
        try Data(#""done.label" = "OK";"#.utf8).write(to: frameworks.appendingPathComponent("Localizable.strings"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Strings/Kit/fr.lproj"), withIntermediateDirectories: true)
        try Data(#""done.label" = "OK";"#.utf8).write(to: root.appendingPathComponent("Strings/Kit/fr.lproj/Localizable.strings"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Runs the built binary in `root`; its exit status, standard output and standard error.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let binary = try #require(ImportLockTests.executable(), "label-server is built with the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
    }

    func write(_ text: String, to name: String = "label-server.json") throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(name))
    }

    /// Each layer's values by bundle, table and language: what the two layouts must share.
    static func values(_ catalog: Catalog) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for layer in catalog.layers {
            result["\(layer.bundle)/\(layer.table)/\(layer.language.rawValue)"] = layer.entries.mapValues(\.string.template)
        }
        return result
    }

    @Test func aResourcesStoreEqualsTheSameStoreLaidOutAsStrings() throws {
        let scanner = try ArgumentScanner(["--resources", root.appendingPathComponent("MyApp/Resources").path,
                                           "--resources", root.appendingPathComponent("MyApp/Kit").path],
                                          valued: StoreOptions.valued, flags: [], section: "resolve", environment: [:])
        let resources = try StoreLoader.load(try StoreOptions(scanner, environment: [:]).configuration)
        let layout = try StoreLoader.load(StoreConfiguration(directory: root.appendingPathComponent("Strings").path,
                                                             bundles: ["Resources", "Kit"]))
        #expect(Self.values(resources.catalog) == Self.values(layout.catalog))
        #expect(resources.catalog.bundles == layout.catalog.bundles)
        #expect(resources.fileCount == layout.fileCount)
        #expect(!Self.values(layout.catalog).isEmpty)
    }

    @Test func everyStoreCommandReadsResourcesFromTheFile() throws {
        try write(#"{"resources": ["MyApp/Resources", "MyApp/Kit"], "resolve": {"lang": "de"}}"#)
        let resolved = try run(["resolve", "done.label"])
        #expect(resolved.status == 0)
        #expect(resolved.out == "Fertig\n")
        let linted = try run(["lint", "--format", "json"])
        #expect(linted.status == 0)
        #expect(linted.out.contains("\"bundle\":\"Resources\""))
        let exported = try run(["export", "android", "--out", "res"])
        #expect(exported.status == 0)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("res/values-de/strings.xml").path))
    }

    @Test func flagsBeatTheEnvironmentWhichBeatsTheFile() throws {
        try write(#"{"resources": ["MyApp/Resources"], "devLang": "fr"}"#)
        // The file's development language (fr) has no done.label in Resources: the key itself.
        #expect(try run(["resolve", "done.label"]).out == "done.label\n")
        #expect(try run(["resolve", "done.label"], environment: ["LABEL_SERVER_DEV_LANG": "de"]).out == "Fertig\n")
        #expect(try run(["resolve", "done.label", "--dev-lang", "en"], environment: ["LABEL_SERVER_DEV_LANG": "de"]).out == "Done\n")
    }

    @Test func importTakesTheDevelopmentLanguageFromTheEnvironmentOverTheFile() throws {
        try write(#"{"resources": ["MyApp/Resources"], "devLang": "de"}"#)
        let xliff = root.appendingPathComponent("fr.xliff")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            <file original="Localizable.strings" source-language="en" target-language="fr" datatype="plaintext"><body>
            <trans-unit id="open.hint"><source>Opens the list</source><target>Ouvre la liste</target></trans-unit>
            </body></file></xliff>
            """.utf8).write(to: xliff)
        let french = root.appendingPathComponent("MyApp/Resources/fr.lproj/Localizable.strings")
        // The file's development language (de) lacks open.hint: skipped as unknown, nothing written.
        #expect(try run(["import", xliff.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: french.path))
        // LABEL_SERVER_DEV_LANG=en outranks the file: English has it, French gets it.
        #expect(try run(["import", xliff.path], environment: ["LABEL_SERVER_DEV_LANG": "en"]).status == 0)
        #expect(try String(contentsOf: french, encoding: .utf8).contains(#""open.hint" = "Ouvre la liste";"#))
    }

    @Test func aBadFileStopsEveryCommandWithStatus2() throws {
        for text in [#"{"strngs": "Strings"}"#, #"{"resolve": {"lang": 3.5e999999}"#, "{\"strings\": \"\u{FF}\"", #"{"serve": []}"#] {
            try write(text)
            for command in [["resolve", "done.label"], ["lint"], ["scan"], ["export", "android", "--out", "res"], ["serve"],
                            ["import", "x.xliff", "--into", "MyApp/Resources"]] {
                let result = try run(command)
                #expect(result.status == 2, "\(command) with \(text)")
                #expect(result.err.contains("label-server.json"))
                #expect(result.err.contains("[config-"))
            }
        }
        // A typo in a section stops its command; the others do not read that section.
        try write(#"{"lint": {"maxWrods": 3}, "resources": ["MyApp/Resources"]}"#)
        let linted = try run(["lint"])
        #expect(linted.status == 2)
        #expect(linted.err.contains("lint.maxWrods"))
        #expect(try run(["resolve", "done.label"]).status == 0)
    }

    @Test func aConfiguredFolderThatDoesNotExistStopsTheCommandWithStatus2() throws {
        for command in [["resolve", "done.label", "--resources", "MyApp/Gone"], ["lint", "--strings", "Strings", "--bundles", "Resources,Gone"],
                        ["export", "android", "--out", "res", "--resources", "MyApp/Gone"], ["serve", "--resources", "MyApp/Gone"],
                        ["import", "x.xliff", "--resources", "MyApp/Gone"]] {
            let result = try run(command)
            #expect(result.status == 2, "\(command)")
            #expect(result.err.contains("Gone"), "\(command)")
        }
        try write(#"{"bundles": ["Resources", "Gone"], "strings": "Strings"}"#)
        let result = try run(["resolve", "done.label"])
        #expect(result.status == 2)
        #expect(result.err.contains("Strings/Gone"))
    }

    @Test func importWritesIntoTheResourcesFolderThatHoldsTheTable() throws {
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
            <file original="en.lproj/Settings.strings" source-language="en" target-language="de" datatype="plaintext"><body>
            <trans-unit id="title"><source>Settings</source><target>Einstellungen</target></trans-unit>
            </body></file></xliff>
            """
        try write(xliff, to: "de.xliff")
        try write(#"{"resources": ["MyApp/Kit", "MyApp/Resources"]}"#)
        let result = try run(["import", "de.xliff"])
        #expect(result.status == 0, "\(result.err)")
        let written = root.appendingPathComponent("MyApp/Resources/de.lproj/Settings.strings")
        #expect(try String(contentsOf: written, encoding: .utf8).contains("Einstellungen"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("MyApp/Kit/de.lproj").path))
    }

    @Test func everyCommandsHelpMentionsTheConfigurationAndResources() throws {
        for command in [["serve"], ["resolve"], ["lint"], ["import"], ["export"], ["scan"]] {
            let help = try run(command + ["--help"]).out
            #expect(help.contains("--config"), "\(command)")
            #expect(help.contains("--resources"), "\(command)")
        }
    }
}
