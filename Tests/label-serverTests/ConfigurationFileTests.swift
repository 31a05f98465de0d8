import Foundation
import HTTPServer
import LabelCore
import Testing
@testable import label_server

/// `label-server.json`: the layer under flags and environment variables, and the
/// configuration file's refusals (each with its stable code).
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class ConfigurationFileTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("config-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func file(_ text: String, name: String = "label-server.json") throws -> String {
        let url = root.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func folder(_ relative: String) throws -> String {
        let url = root.appendingPathComponent(relative, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// The code a configuration file's refusal carries.
    func code(_ text: String, section: String = "lint", valued: Set<String> = StoreOptions.valued.union(["--max-words"]),
              flags: Set<String> = ["--strict"]) throws -> String? {
        let path = try file(text)
        do {
            _ = try ArgumentScanner(["--config", path], valued: valued, flags: flags, section: section, environment: [:])
            return nil
        } catch {
            return error.code
        }
    }

    // MARK: - Precedence: flag > environment variable > file > default

    @Test(arguments: [
        // (flag, environment, file, expected)
        (Optional("9001"), Optional("9002"), Optional("9003"), 9001),
        (nil, "9002", "9003", 9002),
        (nil, nil, "9003", 9003),
        (nil, nil, nil, 8080),
    ] as [(String?, String?, String?, Int)])
    func servePortComesFromFlagThenEnvironmentThenFileThenDefault(flag: String?, variable: String?, value: String?, expected: Int) throws {
        let config = try file(value.map { #"{"serve": {"port": \#($0)}}"# } ?? "{}")
        let arguments = ["--config", config] + (flag.map { ["--port", $0] } ?? [])
        let environment = variable.map { ["LABEL_SERVER_PORT": $0] } ?? [:]
        let configuration = try #require(try ServeConfiguration(arguments: arguments, environment: environment))
        #expect(Int(configuration.server.port) == expected)
    }

    @Test(arguments: [
        (Optional("flag"), Optional("variable"), Optional("file"), "flag"),
        (nil, "variable", "file", "variable"),
        (nil, nil, "file", "file"),
        (nil, nil, nil, "Strings"),
    ] as [(String?, String?, String?, String)])
    func storeFolderComesFromFlagThenEnvironmentThenFileThenDefault(flag: String?, variable: String?, value: String?, expected: String) throws {
        let config = try file(value.map { #"{"strings": "\#($0)"}"# } ?? "{}")
        let arguments = ["--config", config] + (flag.map { ["--strings", $0] } ?? [])
        let environment = variable.map { ["LABEL_SERVER_STRINGS": $0] } ?? [:]
        let scanner = try ArgumentScanner(arguments, valued: StoreOptions.valued, flags: [], section: "resolve", environment: environment)
        #expect(try StoreOptions(scanner, environment: environment).configuration.directory == expected)
    }

    @Test func aCommandsOwnSectionGivesItsOptionsAndFlagsAndWinsOverTheTopLevel() throws {
        let config = try file(#"{"strings": "Top", "lint": {"strings": "Own", "maxWords": 7, "strict": true}, "serve": {"port": 1}}"#)
        let scanner = try ArgumentScanner(["--config", config], valued: StoreOptions.valued.union(["--max-words"]),
                                          flags: ["--strict"], section: "lint", environment: [:])
        #expect(scanner.value("--max-words") == "7")
        #expect(scanner.has("--strict"))
        #expect(scanner.value("--strings") == "Own")
        // The command line still wins, for a flag with a value as for one without.
        let flagged = try ArgumentScanner(["--config", config, "--max-words", "3"], valued: StoreOptions.valued.union(["--max-words"]),
                                          flags: ["--strict"], section: "lint", environment: [:])
        #expect(flagged.value("--max-words") == "3")
    }

    @Test func aRepeatableOptionTakesItsPluralAndPositionalsTheirKey() throws {
        let config = try file(#"{"scan": {"sources": ["App"], "functions": ["L10n.tr", "L"], "format": "json"}}"#)
        let scanner = try ArgumentScanner(["--config", config], valued: ["--function", "--format"], flags: [], section: "scan",
                                          positionalKey: "sources", environment: [:])
        #expect(scanner.all("--function") == ["L10n.tr", "L"])
        #expect(scanner.effectivePositionals == ["App"])
        #expect(scanner.value("--format") == "json")
    }

    /// The shape issue 35 gives (lint's and import's own keys land with their flags).
    @Test func theIssuesExampleFileConfiguresServeScanAndExport() throws {
        let config = try file("""
            {
              "strings": "Strings", "bundles": ["app"], "devLang": "en",
              "serve":  { "port": 8080, "state": "/var/lib/label-server" },
              "scan":   { "sources": ["MyApp"], "functions": ["L10n.tr"] },
              "export": { "out": "android/res" }
            }
            """)
        let serve = try #require(try ServeConfiguration(arguments: ["--config", config], environment: [:]))
        #expect(serve.server.port == 8080)
        #expect(serve.stateDirectory == "/var/lib/label-server")
        #expect(serve.store.bundles == ["app"])
        let scan = try ArgumentScanner(["--config", config], valued: StoreOptions.valued.union(["--function"]), flags: [],
                                       section: "scan", positionalKey: "sources", environment: [:])
        #expect(scan.effectivePositionals == ["MyApp"])
        #expect(scan.all("--function") == ["L10n.tr"])
        let export = try ArgumentScanner(["--config", config], valued: StoreOptions.valued.union(["--out"]), flags: [],
                                         section: "export", environment: [:])
        #expect(export.value("--out") == "android/res")
    }

    /// import's destination: `--into` on the command line, else `--resources` there or in
    /// `LABEL_SERVER_RESOURCES`, and only then the file's `import.into` (over its `resources`).
    @Test func importsDestinationFollowsFlagThenVariableThenFile() throws {
        let (a, b, c) = (try folder("A"), try folder("B"), try folder("C"))
        let config = try file(#"{"resources": ["\#(c)"], "import": {"into": "\#(a)"}}"#)
        func destination(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String {
            let scanner = try ArgumentScanner(["de.xliff", "--config", config] + arguments, valued: ["--into", "--resources"],
                                              flags: [], section: "import", environment: environment)
            return try ImportCommand.destination(scanner, environment: environment)
        }
        #expect(try destination([]) == a)
        #expect(try destination(["--resources", b]) == b)
        #expect(try destination([], ["LABEL_SERVER_RESOURCES": b]) == b)
        #expect(try destination(["--into", c, "--resources", b]) == c)
    }

    @Test func aBaselineToWriteIsNoKeyOfTheFile() throws {
        // It would rewrite the baseline on every CI run and so disarm the gate.
        #expect(try code(#"{"lint": {"writeBaseline": "b.json"}}"#, valued: StoreOptions.valued.union(["--write-baseline"]))
            == "config-unknown-key")
    }

    @Test func theFileIsFoundThroughItsVariable() throws {
        let config = try file(#"{"resolve": {"lang": "de"}}"#, name: "elsewhere.json")
        let scanner = try ArgumentScanner([], valued: ["--lang"], flags: [], section: "resolve",
                                          environment: ["LABEL_SERVER_CONFIG": config])
        #expect(scanner.value("--lang") == "de")
    }

    @Test func lintRulesAreHandedOnWhole() throws {
        let config = try file(#"{"lint": {"rules": {"label-trailing-period": "off"}}}"#)
        let scanner = try ArgumentScanner(["--config", config], valued: [], flags: [], section: "lint", subtrees: ["rules"], environment: [:])
        #expect(scanner.fileSubtrees["rules"]?["label-trailing-period"]?.stringValue == "off")
    }

    // MARK: - Hostile and mistaken files

    @Test func anUnknownKeyIsRefusedNamingIt() throws {
        #expect(try code(#"{"lint": {"maxWrods": 7}}"#) == "config-unknown-key")
        #expect(try code(#"{"strngs": "Strings"}"#) == "config-unknown-key")
        #expect(try code(#"{"lint": {"help": true}}"#) == "config-unknown-key")
        #expect(try code(#"{"lint": {"config": "other.json"}}"#) == "config-unknown-key")
    }

    @Test func wrongTypesAreRefused() throws {
        #expect(try code(#"{"lint": {"maxWords": {"n": 7}}}"#) == "config-wrong-type")
        #expect(try code(#"{"lint": {"strict": "yes"}}"#) == "config-wrong-type")
        #expect(try code(#"{"lint": 7}"#) == "config-wrong-type")
        #expect(try code(#"{"bundles": ["app", null]}"#) == "config-wrong-type")
        #expect(try code(#"["lint"]"#) == "config-wrong-type")
    }

    @Test func malformedDeepHugeAndNonUTF8FilesAreRefused() throws {
        #expect(try code(#"{"lint": {"maxWords": 7,}}"#) == "config-malformed")
        #expect(try code(String(repeating: "[", count: 100_000)) == "config-malformed")
        #expect(try code(#"{"strings": "a"}"# + String(repeating: " ", count: ConfigurationFile.maximumBytes)) == "config-too-large")
        let path = root.appendingPathComponent("latin1.json")
        try Data([0x7B, 0x22, 0x73, 0x74, 0x72, 0x69, 0x6E, 0x67, 0x73, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D]).write(to: path)
        #expect(throws: ArgumentScanner.UsageError.self) {
            try ArgumentScanner(["--config", path.path], valued: StoreOptions.valued, flags: [], section: "lint", environment: [:])
        }
        #expect(ConfigurationFile.firstInvalidUTF8([0x7B, 0x22, 0xE9, 0x22]) == 2)
        #expect(ConfigurationFile.firstInvalidUTF8(Array("{\"é\"}".utf8)) == nil)
    }

    @Test func aMalformedFileIsReportedAtItsLine() throws {
        let path = try file("{\n  \"lint\": {\n    \"maxWords\": 7,\n  }\n}\n")
        #expect {
            try ArgumentScanner(["--config", path], valued: ["--max-words"], flags: [], section: "lint", environment: [:])
        } throws: { error in
            "\(error)".contains("\(path):4:") && (error as? ArgumentScanner.UsageError)?.code == "config-malformed"
        }
    }

    @Test func anExplicitFileThatDoesNotExistIsRefusedAndTheDefaultOneMayBeAbsent() throws {
        #expect {
            try ArgumentScanner(["--config", root.appendingPathComponent("none.json").path], valued: [], flags: [], section: "lint",
                                environment: [:])
        } throws: { error in
            (error as? ArgumentScanner.UsageError)?.code == "config-not-found"
        }
        // The tests run where there is no label-server.json.
        #expect(try ConfigurationFile.locate(arguments: [], environment: [:]) == nil)
    }

    @Test func aFIFONamedAsTheFileIsRefusedWithoutBlocking() throws {
        let path = root.appendingPathComponent("fifo.json").path
        try #require(mkfifo(path, 0o600) == 0)
        #expect {
            try ArgumentScanner(["--config", path], valued: [], flags: [], section: "lint", environment: [:])
        } throws: { error in
            (error as? ArgumentScanner.UsageError)?.code == "config-unreadable"
        }
    }

    // MARK: - Folders

    @Test func resourcesFoldersAreBundlesAheadOfTheNamedOnesOrInTheirPlace() throws {
        let strings = try folder("Strings/app")
        let res = try folder("MyApp/Resources")
        let other = try folder("MyApp/Supporting Files")
        _ = strings
        let alone = try ArgumentScanner(["--resources", res, "--resources", other], valued: StoreOptions.valued, flags: [],
                                        section: "lint", environment: [:])
        let store = try StoreOptions(alone, environment: [:]).configuration
        #expect(store.bundles == ["Resources", "Supporting Files"])
        #expect(store.bundleFolders == ["Resources": res, "Supporting Files": other])
        let mixed = try ArgumentScanner(["--resources", other, "--strings", root.appendingPathComponent("Strings").path,
                                         "--bundles", "app,Supporting Files"], valued: StoreOptions.valued, flags: [],
                                        section: "lint", environment: [:])
        #expect(try StoreOptions(mixed, environment: [:]).configuration.bundles == ["app", "Supporting Files"])
    }

    @Test func aConfiguredFolderThatDoesNotExistIsRefusedNamingIt() throws {
        _ = try folder("Strings/app")
        let strings = root.appendingPathComponent("Strings").path
        for arguments in [["--strings", strings, "--bundles", "app,ghost"], ["--resources", root.appendingPathComponent("Gone").path]] {
            let scanner = try ArgumentScanner(arguments, valued: StoreOptions.valued, flags: [], section: "lint", environment: [:])
            #expect {
                try StoreOptions(scanner, environment: [:])
            } throws: { error in
                (error as? ArgumentScanner.UsageError)?.code == "folder-not-found"
                    && ["ghost", "Gone"].contains { "\(error)".contains($0) }
            }
        }
        // The default bundles are not configured: a missing one stays the loader's warning.
        let plain = try ArgumentScanner(["--strings", strings], valued: StoreOptions.valued, flags: [], section: "lint", environment: [:])
        #expect(try StoreOptions(plain, environment: [:]).configuration.bundles == ["app", "framework"])
    }

    @Test func optionNamesAreTheKeysInKebabCase() {
        #expect(ArgumentScanner.optionName("maxWords") == "--max-words")
        #expect(ArgumentScanner.optionName("devLang") == "--dev-lang")
        #expect(ArgumentScanner.optionName("strings") == "--strings")
    }
}
