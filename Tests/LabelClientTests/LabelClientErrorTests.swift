import LabelClient
import LabelCore
import Testing

/// `LabelClientError`'s cases carry values; the text is its `description`'s.
@Suite struct LabelClientErrorTests {
    @Test func aBodyPastTheLimitSaysSoWithTheLimit() {
        #expect(LabelClientError.bodyTooLarge(limit: 1024).description
                == "the body passed the limit of 1024 bytes (after decompression); the download was stopped")
    }

    @Test func transportFailuresNameWhatFailed() {
        #expect(LabelClientError.transport(.unconnected(host: "h", port: 80, nil)).description == "cannot connect to h port 80: no address")
        #expect(LabelClientError.transport(.unconnected(host: "h", port: 80, .cancelled)).description == "cannot connect to h port 80: cancelled")
        #expect(LabelClientError.transport(.unroutable(url: "http://:0/", .port(0))).description == "port 0 in http://:0/")
        #expect(LabelClientError.transport(.inflate(status: -3)).description == "the gzip body does not inflate (zlib -3)")
        #expect(LabelClientError.transport(.session(nil)).description == "no response")
    }

    @Test func aMalformedBundleNamesTheEntry() {
        #expect(LabelClientError.malformedBundle(.unknownPluralCategory(key: "k", category: "few")).description
                == "malformed bundle: entry k: unknown plural category few")
        #expect(LabelClientError.malformedBundle(.truncated(.string, offset: 9)).description == "malformed bundle: string cut off at byte 9")
    }

    @Test func unavailableNestsTheNetworkFailureAndTheFallbacksProblems() {
        let fallback = StoreLoadError(problems: [StoreProblem(file: "Strings", message: "store folder not found")])
        let error = LabelClientError.unavailable(network: .status(503), fallback: fallback)
        guard case .unavailable(.status(503), let problems?) = error else { Issue.record("\(error)"); return }
        #expect(problems.problems.map(\.message) == ["store folder not found"])
        #expect(error.description.hasPrefix("no labels: the server failed (the server answered 503); the fallback store cannot be read ("))
    }
}
