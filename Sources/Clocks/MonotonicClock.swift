/// Monotonic nanoseconds, the time base of loops, timeouts and deadlines (never of a record:
/// that is ``WallClock``'s).
package enum MonotonicClock {
    package static func now() -> UInt64 {
        let time = SystemClock.monotonic.read()
        return UInt64(time.seconds) * 1_000_000_000 + UInt64(time.nanoseconds)
    }

    /// `start` plus `seconds` as nanoseconds: a NaN, negative or absurd number of seconds
    /// (from configuration or a caller) is clamped to 0…86,400 before the conversion,
    /// which would trap.
    package static func deadline(after seconds: Double, from start: UInt64) -> UInt64 {
        start + (seconds.isNaN ? 0 : UInt64(min(max(0, seconds), 86_400) * 1e9))
    }

    /// `start` plus `duration` as nanoseconds, clamped to 0…86,400 seconds as above.
    package static func deadline(after duration: Duration, from start: UInt64) -> UInt64 {
        start + min(duration, .seconds(86_400)).saturatingNanoseconds
    }
}
