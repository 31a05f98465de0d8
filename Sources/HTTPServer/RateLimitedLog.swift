import BackgroundWork
import Sockets

/// A log that writes at most `linesPerSecond` lines a second and says how
/// many it held back, so that a flood of bad requests or an fd-exhaustion
/// storm stays visible without becoming a denial of service on the log.
package final class RateLimitedLog: Sendable {
    private struct Window {
        var second: Int64 = -1
        var written = 0
        var suppressed = 0
    }

    private let linesPerSecond: Int
    private let sink: @Sendable (String) -> Void
    private let window = Guarded(Window())

    package init(linesPerSecond: Int = 10, sink: @escaping @Sendable (String) -> Void) {
        self.linesPerSecond = linesPerSecond
        self.sink = sink
    }

    /// Writes the line unless this second's budget is spent; `line` is only
    /// built when it is written.
    package func log(_ line: () -> String) {
        let now = MonotonicClock.now() / 1_000_000_000
        let (write, heldBack): (Bool, Int) = window.withLock { window in
            var heldBack = 0
            if Int64(now) != window.second {
                heldBack = window.suppressed
                window = Window(second: Int64(now))
            }
            guard window.written < linesPerSecond else {
                window.suppressed += 1
                return (false, heldBack)
            }
            window.written += 1
            return (true, heldBack)
        }
        if heldBack > 0 { sink("\(heldBack) similar log lines suppressed in the previous second") }
        if write { sink(line()) }
    }
}
