import LabelServer
import Testing
import TestSupport

@Suite struct FleetRefreshTests {
    /// Refresh ticks come from a ``ManualClock``: each `advance` is one interval, done when
    /// it returns, so the counts are exact and "none after stop" needs no sleep.
    @Test func refreshingResolvesAtOnceThenPeriodicallyUntilStopped() {
        let resolutions = Calls()
        let clock = ManualClock()
        let fleet = Fleet(endpoints: [PeerEndpoint(host: "fleet.test", port: 1)], refreshInterval: .milliseconds(10), adminToken: nil,
                          resolve: { _, _ in resolutions.record(); return [] }, refreshClock: clock)
        fleet.startRefreshing()
        clock.advance(by: .milliseconds(9))
        #expect(resolutions.value == 1, "at once, and not again before the interval")
        clock.advance(by: .milliseconds(1))
        clock.advance(by: .milliseconds(10))
        #expect(resolutions.value == 3)
        fleet.startRefreshing() // already refreshing: no second schedule
        fleet.stop()
        clock.advance(by: .seconds(1))
        #expect(resolutions.value == 3)
        #expect(clock.scheduleCount == 0)
    }
}
