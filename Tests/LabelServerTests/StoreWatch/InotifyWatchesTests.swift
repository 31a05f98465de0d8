import Foundation
import Glibc
import Testing
@testable import LabelServer

/// The kernel's side of the watcher, on a real inotify descriptor and a real folder tree,
/// read without waiting (the descriptor is non-blocking; `inotify_rm_watch` queues its
/// `IN_IGNORED` before it returns): deterministic, no sleeps.
@Suite struct InotifyWatchesTests {
    /// A store tree in a fresh temp folder and a non-blocking inotify descriptor.
    private final class Fixture {
        let root: String
        let descriptor: Int32
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("inotify-\(UUID())").path
            for folder in ["app/en.lproj", "app/de.lproj", "framework/en.lproj"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
                try Data("\"a\" = \"A\";\n".utf8).write(to: URL(fileURLWithPath: root + "/" + folder + "/Localizable.strings"))
            }
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        }

        var folders: [String] { StoreFingerprint.folders(under: root) }

        deinit {
            close(descriptor)
            buffer.deallocate()
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    @Test func reArmingAnUnchangedTreeQueuesNoChange() throws {
        let store = try Fixture()
        try #require(store.descriptor >= 0)
        var watches = InotifyWatches(descriptor: store.descriptor)
        watches.arm(store.folders)
        #expect(watches.watches.count == 6)
        let first = watches.watches
        // What the watcher does after every reload: a watcher that re-arms carelessly removes and
        // re-added all six watches, queueing six IN_IGNORED that asked for the next reload.
        for _ in 0..<3 { watches.arm(store.folders) }
        #expect(watches.watches == first)
        let events = watches.drain(store.buffer)
        #expect(events.allSatisfy { !$0.isChange }, "\(events)")
        var schedule = StoreWatchSchedule(loaded: StoreFingerprint(of: store.root))
        schedule.receive(events, at: 0)
        #expect(schedule.firstChange == nil)
    }

    @Test func aFolderThatLeftTheTreeLosesItsWatchWithoutCountingAChange() throws {
        let store = try Fixture()
        try #require(store.descriptor >= 0)
        var watches = InotifyWatches(descriptor: store.descriptor)
        watches.arm(store.folders)
        // Moved out of the store: it still exists, so only the watcher can remove its watch.
        let outside = store.root + "-moved"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.moveItem(atPath: store.root + "/framework", toPath: outside)
        let moved = watches.drain(store.buffer)
        #expect(moved.contains { $0.isChange && $0.mask & UInt32(IN_MOVED_FROM) != 0 && $0.name == "framework" })
        watches.arm(store.folders)
        #expect(watches.watches.count == 4)
        let rearmed = watches.drain(store.buffer)
        #expect(rearmed.count == 2 && rearmed.allSatisfy { !$0.isChange }, "\(rearmed)")
        // A file written in the moved folder is no business of the store's any more.
        try Data("x".utf8).write(to: URL(fileURLWithPath: outside + "/en.lproj/Localizable.strings"))
        #expect(watches.drain(store.buffer).isEmpty)
    }

    @Test func aNewFolderIsWatchedOnceArmedAgain() throws {
        let store = try Fixture()
        try #require(store.descriptor >= 0)
        var watches = InotifyWatches(descriptor: store.descriptor)
        watches.arm(store.folders)
        try FileManager.default.createDirectory(atPath: store.root + "/app/fr.lproj", withIntermediateDirectories: false)
        #expect(watches.drain(store.buffer).contains { $0.isChange && $0.name == "fr.lproj" })
        watches.arm(store.folders)
        #expect(watches.watches.count == 7)
        #expect(watches.drain(store.buffer).isEmpty)
        try Data("\"a\" = \"À\";\n".utf8).write(to: URL(fileURLWithPath: store.root + "/app/fr.lproj/Localizable.strings"))
        #expect(watches.drain(store.buffer).contains { $0.isChange && $0.name == "Localizable.strings" })
    }

    // MARK: Parsing the kernel's bytes

    private static func bytes(_ watch: Int32, _ mask: Int32, name: String = "", padTo length: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        withUnsafeBytes(of: watch) { out += $0 }
        withUnsafeBytes(of: UInt32(mask)) { out += $0 }
        withUnsafeBytes(of: UInt32(0)) { out += $0 }
        let padded = max(length, name.isEmpty ? 0 : name.utf8.count + 1)
        withUnsafeBytes(of: UInt32(padded)) { out += $0 }
        out += Array(name.utf8) + [UInt8](repeating: 0, count: padded - name.utf8.count)
        return out
    }

    /// (A closure that throws a typed error through `withUnsafeBytes` crashes Swift 6.3.1's IRGen.)
    private static func parse(_ buffer: [UInt8]) -> Result<[InotifyEvent], InotifyEvent.ParseError> {
        buffer.withUnsafeBytes { bytes in
            do throws(InotifyEvent.ParseError) { return .success(try InotifyEvent.parse(bytes)) } catch { return .failure(error) }
        }
    }

    @Test func parsesEventsWithAndWithoutNames() throws {
        let buffer = Self.bytes(1, IN_MODIFY, name: "Localizable.strings", padTo: 32) + Self.bytes(1, IN_IGNORED)
            + Self.bytes(-1, IN_Q_OVERFLOW)
        let events = try Self.parse(buffer).get()
        #expect(events == [InotifyEvent(watch: 1, mask: UInt32(IN_MODIFY), name: "Localizable.strings"),
                           InotifyEvent(watch: 1, mask: UInt32(IN_IGNORED), name: ""),
                           InotifyEvent(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: "")])
        #expect(events.map(\.isChange) == [true, false, true])
    }

    @Test func aTruncatedBufferIsATypedErrorWithItsPosition() {
        let whole = Self.bytes(1, IN_CREATE, name: "de.lproj", padTo: 16)
        let cutInHeader = whole + Self.bytes(2, IN_CREATE).prefix(10)
        #expect(Self.parse(cutInHeader) == .failure(.init(reason: "10 bytes left, less than an event header", offset: 32)))
        let cutInName = Array(whole.prefix(20))
        #expect(Self.parse(cutInName) == .failure(.init(reason: "a name of 16 bytes runs past the end of the buffer", offset: 0)))
    }
}
