import Foundation
import Testing
@testable import label_server

/// `label-server scan`: exit statuses when part of the input cannot be read.
/// A class, so each test's folder is removed when it ends (`deinit`).
@Suite final class ScanCommandTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("scan-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try Data(#"Text("a")"#.utf8).write(to: root.appendingPathComponent("App/View.swift"))
        for language in ["en", "de"] {
            let folder = root.appendingPathComponent("Resources/\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#""a" = "A";"#.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var app: String { root.appendingPathComponent("App").path }
    var resources: String { root.appendingPathComponent("Resources").path }

    @Test func aPathThatDoesNotExistIsBadUsage() {
        #expect(ScanCommand.run([root.appendingPathComponent("Nope").path, "--format", "json"]) == 2)
        #expect(ScanCommand.run([app, "--format", "json"]) == 0)
    }

    @Test func anUnreadableTableIsAWarningZeroAndOneWithStrict() throws {
        #expect(ScanCommand.run([app, "--resources", resources, "--format", "json", "--strict"]) == 0)
        // A UTF-16 table whose byte order mark is written twice (Apple's reader refuses it too, per issue 34).
        var doubled: [UInt8] = [0xFF, 0xFE, 0xFF, 0xFE]
        for unit in #""a" = "A";"#.utf16 { doubled += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)] }
        try Data(doubled).write(to: root.appendingPathComponent("Resources/de.lproj/Localizable.strings"))
        #expect(ScanCommand.run([app, "--resources", resources, "--format", "json"]) == 0)
        #expect(ScanCommand.run([app, "--resources", resources, "--format", "json", "--strict"]) == 1)
    }
}
