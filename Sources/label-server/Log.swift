import Foundation
import Clocks

/// Operational log lines on standard error, one per event, with a UTC timestamp.
enum Log {
    /// A line as given (structured JSON events), newline added.
    @Sendable static func line(_ text: String) {
        FileHandle.standardError.write(text: text + "\n")
    }

    @Sendable static func info(_ message: String) {
        // Clocks' wall clock and civil-date arithmetic, as the `Date` header's: the first
        // `ISO8601Format()` sets up a calendar and time zone before the first 200 (cold start,
        // `Benchmarks/cold-start-instructions.sh`).
        let now = CivilDateTime(unixSeconds: WallClock.unixSeconds())
        let line = "\(now.iso8601()) info \(message)\n"
        FileHandle.standardError.write(text: line)
    }
}
