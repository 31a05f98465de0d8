import Glibc
import Testing
@testable import LabelServer

/// The watcher's decisions, driven with synthetic inotify events and a clock in seconds:
/// no sleeps. Checking that a reload comes is not enough — these
/// also check that none comes when nothing changed.
@Suite struct StoreWatchScheduleTests {
    private let loaded = StoreFingerprint(lines: ["/store/app/en.lproj/Localizable.strings 10 1.0 1.0 7 33188 "])
    private let edited = StoreFingerprint(lines: ["/store/app/en.lproj/Localizable.strings 42 2.0 2.0 7 33188 "])

    /// Runs the schedule as the watcher's loop does, from `start` to `end` in 1 ms ticks,
    /// feeding `events` at their instants and answering each look with `store(now)`.
    /// - Returns: the instants of the reloads it asked for.
    private func run(_ schedule: inout StoreWatchSchedule, from start: Double, to end: Double,
                     events: [Double: [InotifyEvent]] = [:], store: (Double) -> StoreFingerprint) -> [Double] {
        var reloads: [Double] = []
        var tick = Int((start * 1000).rounded())
        while Double(tick) / 1000 <= end {
            let now = Double(tick) / 1000
            if let arriving = events.first(where: { abs($0.key - now) < 0.0005 })?.value {
                schedule.receive(arriving, at: now)
            }
            if schedule.step(at: now) == .look, schedule.shouldReload(store(now), at: now) {
                reloads.append((now * 100).rounded() / 100)  // to the 10 ms: sums of tenths are inexact
            }
            tick += 1
        }
        return reloads
    }

    private static func event(_ watch: Int32, _ mask: Int32, _ name: String = "") -> InotifyEvent {
        InotifyEvent(watch: watch, mask: UInt32(mask), name: name)
    }

    @Test func theIgnoredEventsOfRemovedWatchesAreNoChange() {
        #expect(!Self.event(3, IN_IGNORED).isChange)
        #expect(Self.event(3, IN_MODIFY, "Localizable.strings").isChange)
        #expect(Self.event(1, IN_MOVED_TO, "..data").isChange)
        #expect(Self.event(3, IN_DELETE_SELF).isChange)
        #expect(Self.event(-1, IN_Q_OVERFLOW).isChange)
    }

    @Test func afterOneChangeAndItsReloadTheIgnoredEventsOfReArmingScheduleNothing() {
        var schedule = StoreWatchSchedule(loaded: loaded)
        // One write at 1.0 s; the reload at 1.3 s re-arms and (in a loop that re-arms on its own reload) every
        // removed watch queued an IN_IGNORED, read at 1.35 s.
        let ignored = (1...12).map { Self.event(Int32($0), IN_IGNORED) }
        let reloads = run(&schedule, from: 0, to: 12, events: [
            1.0: [Self.event(4, IN_MODIFY, "Localizable.strings"), Self.event(4, IN_CLOSE_WRITE, "Localizable.strings")],
            1.35: ignored,
        ]) { now in now < 1.0 ? loaded : edited }
        #expect(reloads == [1.3])
        #expect(schedule.firstChange == nil)
        #expect(schedule.step(at: 12) == .wait(milliseconds: StoreWatchSchedule.idleWait))
    }

    @Test func eventsThatLeaveTheFingerprintAsLoadedDoNotReload() {
        var schedule = StoreWatchSchedule(loaded: loaded)
        // A folder's own watch replaced, a touch undone: events, but the store reads the same.
        let reloads = run(&schedule, from: 0, to: 5, events: [
            0.5: [Self.event(2, IN_ATTRIB)], 2.0: [Self.event(-1, IN_Q_OVERFLOW)],
        ]) { _ in loaded }
        #expect(reloads.isEmpty)
    }

    @Test func aBrokenStoreIsTriedOnceAndAgainOnlyWhenItsFilesChangeAgain() {
        let broken = StoreFingerprint(lines: ["/store/app/en.lproj/Localizable.strings broken"])
        var schedule = StoreWatchSchedule(loaded: loaded)
        // The reload fails (the caller's business): the schedule remembers the broken
        // fingerprint all the same, so 10 quiet seconds give no retry...
        var reloads = run(&schedule, from: 0, to: 11, events: [1.0: [Self.event(4, IN_DELETE, "x")]]) { now in
            now < 1.0 ? loaded : broken
        }
        #expect(reloads == [1.3])
        // ...and even events that do not repair it (the reload's own noise, an IN_ATTRIB) retry nothing...
        reloads = run(&schedule, from: 11, to: 13, events: [11.5: [Self.event(4, IN_ATTRIB, "y")]]) { _ in broken }
        #expect(reloads.isEmpty)
        // ...while a repair reloads once.
        reloads = run(&schedule, from: 13, to: 25, events: [14.0: [Self.event(4, IN_CREATE, "x")]]) { now in
            now < 14.0 ? broken : edited
        }
        #expect(reloads == [14.3])
    }

    @Test func aChangeBetweenTheLoadAndTheWatchesReloadsExactlyOnce() {
        // The watcher starts with a pending look (noteChange at start), its fingerprint the
        // one taken before the load; the write came before any watch existed: no event.
        var schedule = StoreWatchSchedule(loaded: loaded)
        schedule.noteChange(at: 0)
        #expect(run(&schedule, from: 0, to: 10) { _ in edited } == [0.3])
        // An unchanged store at start: no reload at all.
        var quiet = StoreWatchSchedule(loaded: loaded)
        quiet.noteChange(at: 0)
        #expect(run(&quiet, from: 0, to: 10) { _ in loaded }.isEmpty)
    }

    @Test func aChangeJustAfterTheWatchesAreArmedAlsoReloadsExactlyOnce() {
        // The write lands after the watches and before the start-up look's fingerprint: the
        // look sees it, and its event, read after, finds the fingerprint already loaded.
        var schedule = StoreWatchSchedule(loaded: loaded)
        schedule.noteChange(at: 0)
        let reloads = run(&schedule, from: 0, to: 10, events: [0.4: [Self.event(4, IN_MODIFY, "Localizable.strings")]]) {
            now in now < 0.25 ? loaded : edited
        }
        #expect(reloads == [0.3])
    }

    @Test func aBurstOfWritesGivesOneReloadAndAnEndlessOneAtMostOneEveryMaximumDelay() {
        var schedule = StoreWatchSchedule(loaded: loaded)
        var burst: [Double: [InotifyEvent]] = [:]
        for index in 0..<5 { burst[1.0 + Double(index) * 0.02] = [Self.event(4, IN_MODIFY, "Localizable.strings")] }
        #expect(run(&schedule, from: 0, to: 10, events: burst) { now in now < 1.0 ? loaded : edited } == [1.38])
        // Writes every 0.1 s for 4 s (each a new fingerprint): a look at least every 1.5 s.
        var endless: [Double: [InotifyEvent]] = [:]
        for index in 0..<40 { endless[20.0 + Double(index) * 0.1] = [Self.event(4, IN_MODIFY, "Localizable.strings")] }
        let reloads = run(&schedule, from: 10, to: 30, events: endless) { now in
            StoreFingerprint(lines: ["\(min(now, 24.0))"])
        }
        // The first look at 1.5 s after the first write, the next 1.5 s after the next write,
        // and the last once the writes stop (23.9 + 0.3).
        #expect(reloads == [21.5, 23.1, 24.2])
    }

    @Test func aFingerprintTakenOutOfDescriptorsDecidesNothingAndTheLookIsRepeated() {
        // check-fd-exhaustion.py: the start-up look came while every descriptor was taken,
        // its folders unlistable; that is no picture of the store, so no reload (which would
        // fail, and succeed later for nothing), only another look a second later.
        let blind = StoreFingerprint(lines: ["/store unreadable"], isComplete: false)
        var schedule = StoreWatchSchedule(loaded: loaded)
        schedule.noteChange(at: 0)
        var looks: [Double] = []
        let reloads = run(&schedule, from: 0, to: 10) { now in
            looks.append((now * 100).rounded() / 100)
            return now < 3 ? blind : loaded
        }
        #expect(reloads.isEmpty)
        #expect(looks == [0.3, 1.3, 2.3, 3.3])
        #expect(schedule.step(at: 10) == .wait(milliseconds: StoreWatchSchedule.idleWait))
        // And once the descriptors are back, a store that did change reloads once.
        var changed = StoreWatchSchedule(loaded: loaded)
        changed.noteChange(at: 0)
        #expect(run(&changed, from: 0, to: 10) { now in now < 3 ? blind : edited } == [3.3])
    }

    @Test func aFolderTheProcessCannotOpenForWantOfDescriptorsMakesTheFingerprintIncomplete() async {
        let root = "/tmp/label-server-fingerprint-\(getpid())"
        #expect(mkdir(root, 0o755) == 0 || errno == EEXIST)
        defer { rmdir(root) }
        #expect(StoreFingerprint(of: root).isComplete)
        // A folder that does not exist is part of the picture (the store is broken), not blindness.
        #expect(StoreFingerprint(of: root + "/gone").isComplete)
        // In a child process whose every descriptor is taken (EMFILE), the folder cannot be listed.
        await #expect(processExitsWith: .success) { [root = root as String] in
            var limit = rlimit(rlim_cur: 64, rlim_max: 64)
            guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { exit(2) }
            while dup(0) >= 0 {}
            guard errno == EMFILE else { exit(3) }
            exit(StoreFingerprint(of: root).isComplete ? 1 : 0)
        }
    }

    @Test func theWaitIsBoundedAndNeverZero() {
        var schedule = StoreWatchSchedule(loaded: loaded)
        #expect(schedule.step(at: 100) == .wait(milliseconds: 500))
        schedule.noteChange(at: 100)
        #expect(schedule.step(at: 100) == .wait(milliseconds: 300))
        #expect(schedule.step(at: 100.2999) == .wait(milliseconds: 1))
        #expect(schedule.step(at: 100.3) == .look)
    }
}
