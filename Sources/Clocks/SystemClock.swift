#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's clocks, read through `clock_gettime`: the one system call behind
/// ``MonotonicClock`` and ``WallClock``.
enum SystemClock {
    /// `CLOCK_MONOTONIC`: never steps, counted from an unspecified start (boot on Linux).
    case monotonic
    /// `CLOCK_REALTIME`: the wall clock, which may step.
    case realtime

    /// The clock's time: whole seconds, and nanoseconds past them.
    @inline(__always)
    func read() -> (seconds: Int64, nanoseconds: Int64) {
        var spec = timespec()
        clock_gettime(self == .monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME, &spec)
        return (Int64(spec.tv_sec), Int64(spec.tv_nsec))
    }
}
