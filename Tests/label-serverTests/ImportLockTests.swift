import AtomicFile
import Foundation
import Testing
@testable import label_server

/// One `import` at a time per bundle folder: parallel runs (a CI matrix) both land, a
/// held lock is a clear exit 1, and an interrupted run's temporaries are swept.
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class ImportLockTests {
    let root: URL
    var bundle: String { root.appendingPathComponent("app").path }
    static let keys = 300

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("import-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func writeCatalog() throws {
        let strings = (0..<Self.keys).map { "\"k\($0)\":{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"Key \($0)\"}}}}" }
        let text = "{\"sourceLanguage\":\"en\",\"strings\":{\(strings.joined(separator: ","))},\"version\":\"1.0\"}\n"
        try Data(text.utf8).write(to: root.appendingPathComponent("app/Localizable.xcstrings"))
    }

    func xliff(_ language: String, original: String = "Localizable.xcstrings") throws -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        text += "<file original=\"\(original)\" source-language=\"en\" target-language=\"\(language)\" datatype=\"plaintext\"><body>\n"
        for index in 0..<Self.keys {
            text += "<trans-unit id=\"k\(index)\"><source>Key \(index)</source><target>\(language) \(index)</target></trans-unit>\n"
        }
        text += "</body></file>\n</xliff>\n"
        let url = root.appendingPathComponent("\(language).xliff")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The `label-server` the test build made: beside the test bundle's executable, else
    /// in `.build/debug` of this checkout.
    static func executable() -> URL? {
        var candidates: [URL] = []
        if var folder = Bundle.main.executableURL?.deletingLastPathComponent() {
            for _ in 0..<4 {
                candidates.append(folder.appendingPathComponent("label-server"))
                folder.deleteLastPathComponent()
            }
        }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(checkout.appendingPathComponent(".build/debug/label-server"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func languages() throws -> Set<String> {
        let data = try Data(contentsOf: root.appendingPathComponent("app/Localizable.xcstrings"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let strings = try #require(json["strings"] as? [String: Any])
        var found: Set<String> = []
        for language in ["de", "fr"] {
            let complete = (0..<Self.keys).allSatisfy { index in
                let entry = (strings["k\(index)"] as? [String: Any])?["localizations"] as? [String: Any]
                let unit = (entry?[language] as? [String: Any])?["stringUnit"] as? [String: Any]
                return unit?["value"] as? String == "\(language) \(index)"
            }
            if complete { found.insert(language) }
        }
        return found
    }

    /// Before: both runs exited 0 and one language was lost, 3 runs of 3. Each run reads
    /// the catalog, merges its language and renames; without a lock the later rename
    /// drops the earlier run's language.
    @Test func twoImportsOfDifferentLanguagesIntoOneCatalogAsTwoProcessesBothLand() throws {
        let binary = try #require(Self.executable(), "label-server is built with the tests")
        let german = try xliff("de"), french = try xliff("fr")
        for _ in 0..<5 {
            try writeCatalog()
            let runs = [german, french].map { file in
                let process = Process()
                process.executableURL = binary
                process.arguments = ["import", file, "--into", bundle]
                process.standardOutput = FileHandle.nullDevice
                return process
            }
            for process in runs { try process.run() }
            for process in runs { process.waitUntilExit() }
            #expect(runs.map(\.terminationStatus) == [0, 0])
            #expect(try languages() == ["de", "fr"])
        }
        #expect(FileManager.default.fileExists(atPath: bundle + "/.label-server.lock"))
    }

    #if os(Linux)
    /// Before: a run stopped by a file-size limit (or `kill -9`) mid-write left its
    /// `Localizable.xcstrings.tmp-PID` in the folder for good. The store stays whole, and
    /// the next run removes the leftover.
    @Test func aRunStoppedByAFileSizeLimitLeavesTheStoreWholeAndTheNextRunSweepsUp() throws {
        let binary = try #require(Self.executable(), "label-server is built with the tests")
        try writeCatalog()
        let german = try xliff("de")
        let catalog = root.appendingPathComponent("app/Localizable.xcstrings")
        let before = try Data(contentsOf: catalog)
        // 4 blocks (2 or 4 KiB, by shell) is less than the catalog: the write is stopped by
        // SIGXFSZ, whose default action ends the process where it stands.
        let status = try Self.spawnWithDefaultSignals(["/bin/sh", "-c", "ulimit -f 4; exec \"$0\" import \"$1\" --into \"$2\" >/dev/null",
                                                      binary.path, german, bundle])
        #expect(status == .signal(SIGXFSZ))
        #expect(try Data(contentsOf: catalog) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle).filter(TemporaryName.isTemporary).count == 1)
        #expect(ImportCommand.run([german, "--into", bundle]) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle).filter(TemporaryName.isTemporary).isEmpty)
        #expect(try languages() == ["de"])
    }
    #endif

    @Test func aHeldLockIsExitOneNamingTheLockFileAndWritesNothing() throws {
        try writeCatalog()
        let german = try xliff("de")
        let before = try Data(contentsOf: root.appendingPathComponent("app/Localizable.xcstrings"))
        let held = try StoreLock(folder: bundle, timeout: 0)
        #expect(ImportCommand.run([german, "--into", bundle, "--lock-timeout", "0"]) == 1)
        #expect(ImportCommand.run([german, "--into", bundle, "--lock-timeout=0.05"]) == 1)
        #expect(try Data(contentsOf: root.appendingPathComponent("app/Localizable.xcstrings")) == before)
        // A dry run writes nothing and waits for nobody.
        #expect(ImportCommand.run([german, "--into", bundle, "--lock-timeout", "0", "--dry-run"]) == 0)
        held.release()
        #expect(ImportCommand.run([german, "--into", bundle, "--lock-timeout", "0"]) == 0)
        #expect(try languages() == ["de"])
    }

    @Test func theLockTimeoutIsANumberOfSecondsClampedToADay() throws {
        #expect(try ImportCommand.lockTimeout(nil) == 60)
        #expect(try ImportCommand.lockTimeout("0") == 0)
        #expect(try ImportCommand.lockTimeout("2.5") == 2.5)
        #expect(try ImportCommand.lockTimeout("1e300") == 86_400)
        #expect(try ImportCommand.lockTimeout("inf") == 86_400)
        for bad in ["-1", "nan", "soon", ""] {
            #expect(throws: ArgumentScanner.UsageError.self) { try ImportCommand.lockTimeout(bad) }
        }
        #expect(ImportCommand.run(["x.xliff", "--into", bundle, "--lock-timeout", "-1"]) == 2)
    }

    /// Before: a run killed mid-write left `Localizable.strings.tmp-PID` in the `.lproj`
    /// folder for good.
    @Test func theNextImportRemovesWhatAnInterruptedOneLeft() throws {
        let folder = root.appendingPathComponent("app/de.lproj")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/en.lproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"k0\" = \"Key 0\";\n".utf8).write(to: root.appendingPathComponent("app/en.lproj/Localizable.strings"))
        let legacy = folder.appendingPathComponent("Localizable.strings.tmp-4242")
        let current = folder.appendingPathComponent(".Localizable.strings.label-server-tmp-0123456789abcdef")
        try Data("\"k0\" = \"half".utf8).write(to: legacy)
        try Data("\"k0\" = \"ha".utf8).write(to: current)
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        text += "<file original=\"en.lproj/Localizable.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><body>\n"
        text += "<trans-unit id=\"k0\"><source>Key 0</source><target>Schlüssel 0</target></trans-unit>\n</body></file>\n</xliff>\n"
        let file = root.appendingPathComponent("de.xliff")
        try Data(text.utf8).write(to: file)
        #expect(ImportCommand.run([file.path, "--into", bundle]) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Localizable.strings"])
    }

    #if os(Linux)
    enum Termination: Equatable {
        case exit(Int32)
        case signal(Int32)
    }

    /// Runs `arguments` with every signal's default action and none blocked (under
    /// Foundation's `Process` SIGXFSZ does not reach the child, which turns the limit into
    /// a write error that the writer cleans up after).
    static func spawnWithDefaultSignals(_ arguments: [String]) throws -> Termination {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], nil, &attributes, argv, environ)
        try #require(spawned == 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? .exit((status >> 8) & 0xff) : .signal(status & 0x7f)
    }
    #endif
}
