import Foundation
import Testing
import LabelCore
@testable import MissingKeys

/// A fresh directory under the system temp dir, removed when the test ends.
private struct TempDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("missing-report-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var fileURL: URL { url.appendingPathComponent(MissingReportStore.fileName) }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

private let t0 = Date(timeIntervalSince1970: 1_735_787_045)

@Suite struct MissingReportStoreTests {
    @Test func aReportSurvivesARestartEntryForEntry() throws {
        let directory = try TempDirectory()
        let recorder = MissingKeyRecorder(maxEntries: 2, since: t0)
        let store = MissingReportStore(stateDirectory: directory.url, recorder: recorder)
        recorder.record(table: "Localizable", key: "Play, \"now\"\n", requested: "de", servedFrom: "framework/en", at: t0)
        recorder.record(table: "Localizable", key: "Play, \"now\"\n", requested: "de", servedFrom: "key", at: t0 + 1.5)
        recorder.record(table: "Accessibility", key: "Pause", requested: "fr-CA", servedFrom: "key", at: t0 + 2)
        recorder.record(table: "Accessibility", key: "flood", requested: "fr-CA", servedFrom: "key", at: t0 + 2)
        recorder.record(table: "Accessibility", key: String(repeating: "k", count: 300), requested: "fr", servedFrom: "key", at: t0)
        #expect(try store.flushIfDirty())

        let reloaded = MissingKeyRecorder(maxEntries: 2)
        _ = MissingReportStore(stateDirectory: directory.url, recorder: reloaded)
        #expect(reloaded.snapshot() == recorder.snapshot())
        #expect(reloaded.snapshot().dropped == .init(newEntries: 1, longKeys: 1))
        #expect(reloaded.snapshot().since == t0)
        #expect(reloaded.statistics().hits == 3)
    }

    @Test func aFreshDirectoryStartsEmptyAndIsCreatedIfMissing() throws {
        let directory = try TempDirectory()
        let nested = directory.url.appendingPathComponent("a/b")
        let lines = MissingReportLogLines()
        let store = MissingReportStore(stateDirectory: nested, recorder: MissingKeyRecorder(), log: lines.sink)
        #expect(store.recorder.snapshot().entries.isEmpty)
        #expect(FileManager.default.fileExists(atPath: nested.path))
        #expect(lines.all.isEmpty)
    }

    @Test func flushWritesOnlyWhenSomethingChanged() throws {
        let directory = try TempDirectory()
        let recorder = MissingKeyRecorder()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: recorder)
        #expect(try store.flushIfDirty() == false)
        #expect(!FileManager.default.fileExists(atPath: directory.fileURL.path))
        recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        #expect(try store.flushIfDirty() == true)
        #expect(try store.flushIfDirty() == false)
        recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        #expect(try store.flushIfDirty() == true)
        // Drops change the report too.
        recorder.record(table: "T", key: String(repeating: "k", count: 999), requested: "de", servedFrom: "key", at: t0)
        #expect(try store.flushIfDirty() == true)
    }

    @Test func aLoadedReportIsNotRewrittenUntilItChanges() throws {
        let directory = try TempDirectory()
        let first = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder())
        first.recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        try first.flushIfDirty()
        let second = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder())
        #expect(try second.flushIfDirty() == false)
    }

    @Test func theWriteIsAtomicAndLeavesNoTempFileBehind() throws {
        let directory = try TempDirectory()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder())
        for index in 0..<20 {
            store.recorder.record(table: "T", key: "k\(index)", requested: "de", servedFrom: "key", at: t0)
            try store.flushIfDirty()
            // The file is always a complete report, and only it is in the directory.
            _ = try MissingReportStore.decode(Array(Data(contentsOf: directory.fileURL)))
            #expect(try directory.contents() == ["missing.json"])
        }
    }

    @Test func aFailedWriteThrowsLeavesNoTempFileAndKeepsTheOldFile() throws {
        let directory = try TempDirectory()
        let target = directory.fileURL.path
        try MissingReportStore.writeAtomically(Array("old".utf8), to: target, directory: directory.url.path)
        // Renaming a file over a non-empty directory fails after the temp file was written.
        let blocked = directory.url.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: MissingReportError.self) {
            try MissingReportStore.writeAtomically(Array("new".utf8), to: blocked.path, directory: directory.url.path)
        }
        #expect(try directory.contents() == ["blocked", "missing.json"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    }

    @Test func aWriteFailureIsLoggedOnceAndTheReportStaysDirtyUntilItSucceeds() throws {
        let directory = try TempDirectory()
        let lines = MissingReportLogLines()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder(), log: lines.sink)
        store.recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        // A directory where the file should be makes every rename fail.
        try FileManager.default.createDirectory(at: directory.fileURL.appendingPathComponent("x"), withIntermediateDirectories: true)
        #expect(throws: MissingReportError.self) { try store.flushIfDirty() }
        #expect(throws: MissingReportError.self) { try store.flushIfDirty() }
        #expect(try lines.objects().compactMap { $0["event"] as? String } == ["missing_report_write_failed"])
        try FileManager.default.removeItem(at: directory.fileURL)
        #expect(try store.flushIfDirty() == true)
        #expect(try lines.objects().compactMap { $0["event"] as? String }
                == ["missing_report_write_failed", "missing_report_write_recovered"])
    }

    // An object with an "entries" array is never discarded whole (MissingReportStatePartialRecoveryTests).
    @Test(arguments: ["{not json", "", #"[1,2]"#, #"{"entries":"none"}"#])
    func aCorruptFileIsMovedAsideAndTheReportStartsEmpty(contents: String) throws {
        let directory = try TempDirectory()
        try Data(contents.utf8).write(to: directory.fileURL)
        let lines = MissingReportLogLines()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder(), log: lines.sink,
                                       now: t0)
        #expect(store.recorder.snapshot().entries.isEmpty)
        #expect(try directory.contents() == ["missing.json.corrupt-20250102T030405Z"])
        let aside = directory.url.appendingPathComponent("missing.json.corrupt-20250102T030405Z")
        #expect(try Data(contentsOf: aside) == Data(contents.utf8))
        let warning = try #require(try lines.objects().first)
        #expect(warning["event"] as? String == "missing_report_corrupt")
        #expect(warning["level"] as? String == "warning")
        #expect(warning["movedTo"] as? String == aside.path)
    }

    @Test func aSecondCorruptFileInTheSameSecondDoesNotOverwriteTheFirst() throws {
        let directory = try TempDirectory()
        for _ in 0..<2 {
            try Data("junk".utf8).write(to: directory.fileURL)
            _ = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder(), now: t0)
        }
        #expect(try directory.contents() == ["missing.json.corrupt-20250102T030405Z", "missing.json.corrupt-20250102T030405Z-1"])
    }

    @Test func anUnreadableFileIsMovedAsideToo() throws {
        let directory = try TempDirectory()
        // A directory in place of the file cannot be read as one.
        try FileManager.default.createDirectory(at: directory.fileURL, withIntermediateDirectories: true)
        let lines = MissingReportLogLines()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder(), log: lines.sink, now: t0)
        #expect(store.recorder.snapshot().entries.isEmpty)
        #expect(try directory.contents() == ["missing.json.corrupt-20250102T030405Z"])
        #expect(try lines.objects().first?["event"] as? String == "missing_report_corrupt")
    }

    @Test func stopFlushesWhatWasRecordedSinceTheLastTick() throws {
        let directory = try TempDirectory()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder())
        store.startFlushing(every: .seconds(3600))
        store.recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        #expect(!FileManager.default.fileExists(atPath: directory.fileURL.path))
        store.stop()
        let reloaded = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder())
        #expect(reloaded.recorder.snapshot().entries.map(\.key) == ["k"])
        store.stop() // idempotent
    }

    @Test func theBackgroundTimerFlushesWithoutBeingAsked() async throws {
        let directory = try TempDirectory()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder())
        store.startFlushing(every: .milliseconds(20))
        defer { store.stop() }
        store.recorder.record(table: "T", key: "k", requested: "de", servedFrom: "key", at: t0)
        var waited = 0
        while !FileManager.default.fileExists(atPath: directory.fileURL.path), waited < 250 {
            try await Task.sleep(for: .milliseconds(20))
            waited += 1
        }
        #expect(FileManager.default.fileExists(atPath: directory.fileURL.path))
    }

    @Test func resetClearsEverythingAndPersistsTheEmptyReport() throws {
        let directory = try TempDirectory()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder(maxEntries: 1))
        store.recorder.record(table: "T", key: "a", requested: "de", servedFrom: "key", at: t0)
        store.recorder.record(table: "T", key: "b", requested: "de", servedFrom: "key", at: t0)
        try store.flushIfDirty()
        try store.reset(at: t0 + 60)
        let reloaded = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder())
        let report = reloaded.recorder.snapshot()
        #expect(report.entries.isEmpty)
        #expect(report.dropped == .init())
        #expect(report.since == t0 + 60)
    }

    @Test func entriesBeyondLoweredLimitsAreDroppedOnLoadFewestHitsFirst() throws {
        let directory = try TempDirectory()
        let store = MissingReportStore(stateDirectory: directory.url, recorder: MissingKeyRecorder())
        for (key, hits) in [("a", 3), ("b", 2), ("c", 1)] {
            for _ in 0..<hits { store.recorder.record(table: "T", key: key, requested: "de", servedFrom: "key", at: t0) }
        }
        try store.flushIfDirty()
        let smaller = MissingKeyRecorder(maxEntries: 2)
        _ = MissingReportStore(stateDirectory: directory.url, recorder: smaller)
        #expect(smaller.snapshot().entries.map(\.key) == ["a", "b"])
        #expect(smaller.snapshot().dropped.newEntries == 1)
    }
}
