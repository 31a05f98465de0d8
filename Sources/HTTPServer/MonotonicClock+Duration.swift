import HTTP1
package import Sockets

extension MonotonicClock {
    /// `start` plus `duration` as nanoseconds, clamped to 0…86,400 seconds as the overload
    /// taking seconds clamps them.
    package static func deadline(after duration: Duration, from start: UInt64) -> UInt64 {
        start + min(duration, .seconds(86_400)).saturatingNanoseconds
    }
}
