import Foundation

/// Operational log lines on standard error, one per event, with a UTC timestamp.
enum Log {
    /// A line as given (structured JSON events), newline added.
    @Sendable static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    @Sendable static func info(_ message: String) {
        let line = "\(Date().ISO8601Format()) info \(message)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
