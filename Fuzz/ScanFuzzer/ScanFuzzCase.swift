import Foundation
import LabelScan

/// One scan fuzz input, run as `label-server scan` runs one file: lexed, its declarations
/// and then its sites found. Shared by Fuzz/ScanFuzzer and the replay in LabelScanTests
/// (a symlink).
///
/// Input: a control byte, then the source. Control bit 0: Objective-C (else Swift); bit 1:
/// the wrappers `--function localized --function platformButton:label`; bit 2: the source is
/// built, not given: a count byte, a prefix (``FuzzInput/part()``), then a body repeated
/// 128 × count times (at most 1 MiB), so that small inputs reach deep nesting and long
/// files. Input that is not UTF-8 is not read (`scan` skips such a file with a warning).
enum ScanFuzzCase {
    static let wrappers = CalleeTable(wrappers: ["localized", "platformButton:label"].compactMap(CalleeTable.Wrapper.init))

    /// What went wrong (a site outside the source), or nil. A trap or a hang is the caller's finding by itself.
    static func run(_ bytes: [UInt8], echo: Bool = false) -> String? {
        guard let control = bytes.first else { return nil }
        let source = control & 4 == 0 ? Array(bytes.dropFirst()) : built(Array(bytes.dropFirst()))
        guard String(validating: source, as: UTF8.self) != nil else { return nil }
        let language: SourceLanguage = control & 1 == 0 ? .swift : .objectiveC
        let file = language == .swift ? "Fuzz.swift" : "Fuzz.m"
        if echo { FileHandle.standardError.write(Data("\(file) \(String(decoding: source, as: UTF8.self))\n".utf8)) }
        let result = SiteScanner.scan(source, file: file, language: language, callees: control & 2 != 0 ? wrappers : CalleeTable())
        // Each line's length in UTF-8 bytes, for the sites' columns.
        let lengths = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(\.count)
        for site in result.sites {
            guard site.file == file else { return "a site in \(site.file)" }
            guard (1...lengths.count).contains(site.line) else { return "a site on line \(site.line) of \(lengths.count)" }
            guard (1...lengths[site.line - 1] + 1).contains(site.column) else {
                return "a site at \(site.line):\(site.column), a line of \(lengths[site.line - 1]) bytes"
            }
        }
        return nil
    }

    /// A prefix, then a body repeated 128 × count times (at most 1 MiB in all).
    static func built(_ bytes: [UInt8]) -> [UInt8] {
        var input = FuzzInput(bytes)
        let count = 128 * Int(input.byte())
        var source = input.part()
        let body = input.rest()
        let repeats = body.isEmpty ? 0 : min(count, (1 << 20) / body.count)
        source.reserveCapacity(source.count + body.count * repeats)
        for _ in 0..<repeats { source += body }
        return source
    }
}
