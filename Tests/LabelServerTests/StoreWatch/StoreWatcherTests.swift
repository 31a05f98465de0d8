import Foundation
import Testing
import TestSupport
@testable import LabelServer

/// A store folder in a fresh temp directory, removed at the end.
private final class WatchedStore {
    let root: URL
    let file: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID())")
        let folder = root.appendingPathComponent("app/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("Localizable.strings")
        try write("\"a\" = \"A\";\n")
    }

    func write(_ text: String) throws { try Data(text.utf8).write(to: file) }

    deinit { try? FileManager.default.removeItem(at: root) }
}

@Suite struct StoreWatcherTests {
    /// Polling runs on a ``ManualClock``: each `advance` is one tick, done when it returns.
    @Test func pollingReloadsWhenAFileChangesAtTheNextTickOnly() throws {
        let store = try WatchedStore()
        let reloads = Calls()
        let clock = ManualClock()
        let watcher = StoreWatcher(directory: store.root.path, clock: clock, reload: { reloads.record() }, log: { _ in })
        watcher.startPolling(every: .milliseconds(20))
        defer { watcher.stop() }
        try store.write("\"a\" = \"A, changed\";\n")
        clock.advance(by: .milliseconds(19))
        #expect(reloads.value == 0)
        clock.advance(by: .milliseconds(1))
        #expect(reloads.value == 1)
        clock.advance(by: .milliseconds(20))
        #expect(reloads.value == 1, "one change reloads once")
    }

    @Test func pollingStopsAtOnceAndAnUnchangedTreeNeverReloads() throws {
        let store = try WatchedStore()
        let reloads = Calls()
        let clock = ManualClock()
        let watcher = StoreWatcher(directory: store.root.path, clock: clock, reload: { reloads.record() }, log: { _ in })
        watcher.startPolling(every: .milliseconds(10))
        for _ in 0..<10 { clock.advance(by: .milliseconds(10)) }
        #expect(reloads.value == 0)
        watcher.stop()
        try store.write("\"a\" = \"A, changed after stop\";\n")
        for _ in 0..<10 { clock.advance(by: .milliseconds(10)) }
        #expect(reloads.value == 0)
        #expect(clock.scheduleCount == 0)
    }

    @Test func inotifyReloadsWhenAFileChanges() async throws {
        let store = try WatchedStore()
        let reloads = Calls()
        let watcher = StoreWatcher(directory: store.root.path, reload: { reloads.record() }, log: { _ in })
        watcher.start()
        defer { watcher.stop() }
        // The thread sets its watches once it runs, which a busy box may delay: change the
        // file again until a reload comes (bounded).
        for index in 0..<20 where reloads.value == 0 {
            try store.write("\"a\" = \"A \(index)\";\n")
            for _ in 0..<100 where reloads.value == 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(reloads.value >= 1)
    }
}

@Suite struct StoreWatcherFirstFingerprintTests {
    /// `serve` fingerprints the store before reading it; a write after that, before the
    /// watcher starts (right after `listening`), must reload — it did not in 4 of 10 starts.
    @Test func pollingSeesAChangeMadeBetweenTheLoadAndItsStart() async throws {
        let store = try WatchedStore()
        let atLoad = StoreFingerprint(of: store.root.path)
        try store.write("\"a\" = \"A, changed before the watcher started\";\n")
        let reloads = Calls()
        let clock = ManualClock()
        let watcher = StoreWatcher(directory: store.root.path, loaded: atLoad, clock: clock,
                                   reload: { reloads.record() }, log: { _ in })
        watcher.startPolling(every: .milliseconds(10))
        defer { watcher.stop() }
        clock.advance(by: .milliseconds(10))
        #expect(reloads.value == 1)
    }

    @Test func inotifySeesAChangeMadeBetweenTheLoadAndItsStart() async throws {
        let store = try WatchedStore()
        let atLoad = StoreFingerprint(of: store.root.path)
        try store.write("\"a\" = \"A, changed before the watcher started\";\n")
        let reloads = Calls()
        let watcher = StoreWatcher(directory: store.root.path, loaded: atLoad, reload: { reloads.record() }, log: { _ in })
        watcher.start()
        defer { watcher.stop() }
        #expect(try await eventually { reloads.value == 1 })
    }
}
