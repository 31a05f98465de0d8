/// Monotonic nanoseconds, from the system (``SystemNanosecondClock``) or from a test's manual
/// clock: the event loops read their time through one, so a test moves a connection past its
/// timeouts by advancing it instead of sleeping through them.
package protocol NanosecondClock: Sendable {
    func now() -> UInt64
}

/// ``MonotonicClock``'s `CLOCK_MONOTONIC`: what the server runs on.
package struct SystemNanosecondClock: NanosecondClock {
    package init() {}
    package func now() -> UInt64 { MonotonicClock.now() }
}
