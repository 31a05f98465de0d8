import Foundation

/// The OASIS XLIFF 1.2 strict schema (vendored in `Tests/Schemas/`) checked with `xmllint`,
/// offline, when it is installed (Debian libxml2-utils; scripts/check-browser.sh installs it).
package enum XLIFFSchema {
    package static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    package static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Schemas/xliff-core-1.2-strict.xsd").path
    }

    /// `xmllint`'s exit status and messages for `xliff`; `nil` without `xmllint`.
    package static func check(_ xliff: [UInt8]) throws -> (status: Int32, message: String)? {
        guard let xmllint else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xliff-\(UUID().uuidString).xliff")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(xliff).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--nonet", "--schema", path, file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
