import Foundation

extension CommandLine {
    /// Prints `label-server: error: …` on standard error.
    static func fail(_ message: String) {
        FileHandle.standardError.write(text: "label-server: error: \(message)\n")
    }
}
