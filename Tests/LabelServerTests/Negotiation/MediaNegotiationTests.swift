import Testing
@testable import LabelServer

/// `Accept` between JSON (the default) and `text/plain` for `GET /labels/{key}`.
@Suite struct MediaNegotiationTests {
    @Test(arguments: [
        "text/plain", "TEXT/Plain", "text/plain, */*;q=0.1", "text/*", "application/json;q=0.5, text/plain",
        "text/plain;q=0.002, application/json;q=0.001", "image/png, text/plain;q=0.1",
    ])
    func plainTextWhenItOutweighsJSON(accept: String) {
        #expect(MediaNegotiation.prefersPlainText(accept))
    }

    @Test(arguments: [
        "application/json", "*/*", "application/*", "text/plain;q=0.5, application/json",
        "text/plain, application/json", "text/*, application/json", "text/plain;q=0", "image/png", "",
        // A malformed q-value counts as 0 (RFC 9110 §12.4.2 allows at most three decimals, at most 1).
        "text/plain;q=2", "text/plain;q=0.0001", "text/plain;q=abc",
    ])
    func jsonOtherwise(accept: String) {
        #expect(!MediaNegotiation.prefersPlainText(accept))
    }

    @Test func noHeaderOrAnOversizedOneMeansJSON() {
        #expect(!MediaNegotiation.prefersPlainText(nil))
        #expect(!MediaNegotiation.prefersPlainText("text/plain, " + String(repeating: "x", count: 4096)))
    }
}
