import Testing
import LabelServer

@Suite struct FleetRefreshTests {
    @Test func refreshingResolvesAtOnceThenPeriodicallyUntilStopped() async throws {
        let resolutions = Calls()
        let fleet = Fleet(endpoints: [PeerEndpoint(host: "fleet.test", port: 1)], refreshInterval: .milliseconds(10), adminToken: nil,
                          resolve: { _, _ in resolutions.record(); return [] })
        fleet.startRefreshing()
        #expect(try await eventually { resolutions.value >= 3 })
        fleet.stop()
        try await Task.sleep(for: .milliseconds(50)) // a resolution under way may finish
        let after = resolutions.value
        try await Task.sleep(for: .milliseconds(100))
        #expect(resolutions.value == after)
    }
}
