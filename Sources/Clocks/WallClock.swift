/// The wall clock, in whole seconds since 1970-01-01T00:00:00Z: the time of records (the
/// `Date` header, log lines), never of a timeout or a deadline (``MonotonicClock``'s: the
/// wall clock may step).
package enum WallClock {
    package static func unixSeconds() -> Int64 {
        SystemClock.realtime.read().seconds
    }
}
