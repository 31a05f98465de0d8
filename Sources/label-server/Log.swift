import Foundation

/// Operational log lines on standard error, one per event, with a UTC timestamp.
enum Log {
    static func info(_ message: String) {
        let line = "\(Date().ISO8601Format()) info \(message)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
