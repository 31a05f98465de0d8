import Clocks

/// Exponential backoff in monotonic nanoseconds: after the n-th failure in a row nothing is
/// tried for `start · 2ⁿ⁻¹`, at most `cap`; a success forgets the failures.
struct RedisBackoff: Sendable, Hashable {
    let start: UInt64
    let cap: UInt64
    private(set) var failures = 0
    /// When a try is allowed again (0: now).
    private(set) var retryAt: UInt64 = 0
    /// The failure that started the current wait, for ``RedisError/unavailable(lastFailure:retryInMilliseconds:)``.
    private(set) var lastFailure = ""

    init(_ timeouts: RedisTimeouts) {
        start = max(1, timeouts.backoffStart.saturatingNanoseconds)
        cap = max(start, timeouts.backoffCap.saturatingNanoseconds)
    }

    /// The wait after `failures` failures in a row.
    var delay: UInt64 {
        guard failures > 0 else { return 0 }
        let shift = min(failures - 1, 62)
        let (doubled, overflow) = start.multipliedReportingOverflow(by: 1 << UInt64(shift))
        return overflow ? cap : min(doubled, cap)
    }

    mutating func failed(at now: UInt64, because reason: String) {
        failures += 1
        lastFailure = reason
        let (sum, overflow) = now.addingReportingOverflow(delay)
        retryAt = overflow ? .max : sum
    }

    mutating func succeeded() {
        failures = 0
        retryAt = 0
        lastFailure = ""
    }

    /// The error to throw at once while waiting, or nil when a try is allowed at `now`.
    func refusal(at now: UInt64) -> RedisError? {
        guard now < retryAt else { return nil }
        return .unavailable(lastFailure: lastFailure, retryInMilliseconds: Int((retryAt - now + 999_999) / 1_000_000))
    }
}
