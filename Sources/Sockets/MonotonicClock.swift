import Glibc

/// Monotonic nanoseconds, the time base of connection state machines.
package enum MonotonicClock {
    package static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// `start` plus `seconds` as nanoseconds: a NaN, negative or absurd number of seconds
    /// (from configuration or a caller) is clamped to 0…86,400 before the conversion,
    /// which would trap.
    package static func deadline(after seconds: Double, from start: UInt64) -> UInt64 {
        start + (seconds.isNaN ? 0 : UInt64(min(max(0, seconds), 86_400) * 1e9))
    }

    package static func unixSeconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec)
    }
}
