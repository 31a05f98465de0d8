import BackgroundWork
import Foundation
import Testing

/// The mark an event loop's thread carries, and the precondition blocking code checks.
@Suite struct EventLoopThreadTests {
    @Test func theMarkBelongsToTheThreadThatSetIt() async {
        #expect(!EventLoopThread.isCurrent)
        let seen = await withCheckedContinuation { (done: CheckedContinuation<(marked: Bool, unmarked: Bool), Never>) in
            Thread {
                EventLoopThread.markCurrent()
                let marked = EventLoopThread.isCurrent
                EventLoopThread.unmarkCurrent()
                done.resume(returning: (marked, EventLoopThread.isCurrent))
            }.start()
        }
        #expect(seen.marked && !seen.unmarked)
        #expect(!EventLoopThread.isCurrent)
    }

    @Test func blockingWorkIsAllowedOffTheLoops() async {
        await #expect(processExitsWith: .success) {
            EventLoopThread.assertNotCurrent("a test's blocking work")
        }
    }

    @Test func blockingWorkOnAMarkedThreadStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            EventLoopThread.markCurrent()
            EventLoopThread.assertNotCurrent("a test's blocking work")
        }
    }
}
