import Foundation
@testable import LabelTranslators
import Testing

/// The frame every translator page shares: its inline style's hash.
@Suite struct TranslatorPageTests {
    @Test func styleHashIsTheSHA256OfTheStyle() throws {
        // The outside oracle: coreutils' sha256sum (shasum where there is none).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(TranslatorPage.styleBytes))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let hex = Array(String(decoding: printed, as: UTF8.self).utf8.prefix(64))
        try #require(process.terminationStatus == 0 && hex.count == 64)
        let digest = stride(from: 0, to: 64, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
        #expect(TranslatorPage.styleHash == "sha256-" + Data(digest).base64EncodedString())
    }
}
