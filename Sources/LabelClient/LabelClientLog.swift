import Foundation

/// Where the client reports what it recovered from: one line on standard
/// error (the console in Xcode), never an exception in the app.
enum LabelClientLog {
    static func write(_ message: String) {
        FileHandle.standardError.write(Data("LabelClient: \(message)\n".utf8))
    }
}
