import Synchronization

/// What one event loop publishes about its connections' output, refreshed at
/// each timer sweep (every ~100 ms), for tests and operators.
final class LoopStatistics: Sendable {
    /// Unsent response bytes, shared bodies included.
    let pendingOutputBytes = Atomic<Int>(0)
    /// Bytes of output buffers the connections own (heads, small bodies).
    let ownedOutputBytes = Atomic<Int>(0)
    /// Times a connection stopped being read because its output was above the high-water mark.
    let readPauses = Atomic<Int>(0)
    /// The clock time the last sweep ran at: every timeout due by then has been acted on.
    let lastSweep = Atomic<UInt64>(0)
}
