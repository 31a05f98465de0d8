import Foundation
import MissingKeys

/// Operational log lines on standard error, one per event, with a UTC timestamp.
enum Log {
    /// A line as given (structured JSON events), newline added.
    @Sendable static func line(_ text: String) {
        FileHandle.standardError.write(text: text + "\n")
    }

    @Sendable static func info(_ message: String) {
        // The report's hand-written formatter (tested against Foundation's): the first
        // `ISO8601Format()` set up a calendar and time zone, 1.3 million instructions of
        // cold start for the first line.
        let line = "\(MissingReport.timestamp(Date(), fractional: false)) info \(message)\n"
        FileHandle.standardError.write(text: line)
    }
}
