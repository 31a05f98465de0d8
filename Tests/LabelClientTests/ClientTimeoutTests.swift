import Foundation
import LabelClient
import Testing

/// The client's timeout is a `Duration`; `timeout: 3` (seconds), as apps and the README
/// write it, still compiles and means the same.
@Suite struct ClientTimeoutTests {
    static let server = URL(string: "https://labels.example.com")!

    @Test func theTimeoutIsADurationAndDefaultsToThreeSeconds() {
        #expect(LabelClient(baseURL: Self.server).timeout == .seconds(3))
        #expect(LabelClient(baseURL: Self.server, timeout: .milliseconds(250)).timeout == .milliseconds(250))
    }

    @Test func aNumberOfSecondsIsStillAccepted() {
        #expect(LabelClient(baseURL: Self.server, timeout: 3).timeout == .seconds(3))
        #expect(LabelClient(baseURL: Self.server, cacheDirectory: nil, fallbackStore: nil, timeout: 0.5).timeout
                    == .milliseconds(500))
    }

    @Test(arguments: [-1, -.infinity, .nan] as [Double])
    func aNegativeOrNaNNumberOfSecondsIsZero(seconds: Double) {
        #expect(LabelClient(baseURL: Self.server, timeout: seconds).timeout == .zero)
    }

    @Test func anAbsurdNumberOfSecondsIsAYear() {
        #expect(LabelClient(baseURL: Self.server, timeout: .infinity).timeout == .seconds(365 * 86_400))
        #expect(LabelClient(baseURL: Self.server, timeout: .seconds(-2)).timeout == .zero)
    }
}
