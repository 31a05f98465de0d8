import Foundation
import LabelScan

/// Scans one in-memory file with the built-in callees plus `functions` (`--function` values).
func scanSites(_ source: String, language: SourceLanguage = .swift, functions: [String] = []) -> [ScanSite] {
    let table = CalleeTable(wrappers: functions.compactMap(CalleeTable.Wrapper.init))
    return SiteScanner.scan(Array(source.utf8), file: language == .swift ? "t.swift" : "t.m", language: language,
                            callees: table).sites
}

/// The keys of the sites, in order (`nil` for dynamic ones).
func scanKeys(_ source: String, language: SourceLanguage = .swift, functions: [String] = []) -> [String?] {
    scanSites(source, language: language, functions: functions).map(\.key)
}

/// The fixture folder copied into the test bundle.
func fixture(_ path: String) -> String {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(path).path
}

/// `text` as UTF-16 little-endian with its byte order mark written twice: a table Apple's
/// reader refuses too (as issue 34 reports; not checked on an Apple platform here).
func doubledByteOrderMark(_ text: String) -> Data {
    var bytes: [UInt8] = [0xFF, 0xFE, 0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)] }
    return Data(bytes)
}

/// A fresh temporary folder with `"same" = "Same";` in `A/en.lproj/Localizable.strings` and
/// `B/en.lproj/Localizable.strings`: one key in two resource files (the caller removes it).
func resourcesWithOneKeyTwice() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
    do {
        for sub in ["A/en.lproj", "B/en.lproj"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try Data(#""same" = "Same";"#.utf8).write(to: folder.appendingPathComponent("\(sub)/Localizable.strings"))
        }
    } catch {
        // The caller removes the folder only once it has it.
        try? FileManager.default.removeItem(at: folder)
        throw error
    }
    return folder
}
