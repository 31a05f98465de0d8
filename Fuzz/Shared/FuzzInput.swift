import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the import, scan and android fuzz targets share (compiled into each target, and
/// into the test targets that replay their regressions through a symlink): reading an
/// input as a control byte and length-prefixed parts, a scratch folder, and an XML check.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    /// The next byte, or 0 at the end.
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// A part: a little-endian 16-bit length, then that many bytes (fewer at the end).
    mutating func part() -> [UInt8] {
        let length = Int(byte()) | Int(byte()) << 8
        let taken = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return Array(taken)
    }

    /// Whatever is left.
    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }

    /// The body of the import, scan and android targets' `LLVMFuzzerTestOneInput`: runs
    /// `check` on the input (echoing it when `FUZZ_ECHO` is set) and aborts on its finding.
    static func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int, _ check: ([UInt8], Bool) -> String?) -> CInt {
        if let problem = check(Array(UnsafeBufferPointer(start: data, count: size)), echo) {
            FileHandle.standardError.write(Data("FINDING: \(problem)\n".utf8))
            abort()
        }
        return 0
    }

    private static let echo = ProcessInfo.processInfo.environment["FUZZ_ECHO"] != nil

    /// The body of a replay test's child process: exits 1 on `problem` (naming it).
    static func exit(on problem: String?) {
        guard let problem else { return }
        FileHandle.standardError.write(Data("FUZZ REGRESSION: \(problem)\n".utf8))
        Foundation.exit(1)
    }

    /// A folder of this process's own, emptied for each input (inputs run one at a time).
    static func scratch(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("label-server-\(name)-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` at `relative` under `root` (folders created); nothing for an empty part.
    static func write(_ bytes: [UInt8], _ relative: String, under root: URL) {
        guard !bytes.isEmpty else { return }
        let url = root.appendingPathComponent(relative)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
    }

    /// The repository (this file is `Fuzz/Shared/FuzzInput.swift`, or a symlink to it two
    /// folders down in `Tests/`).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The names of the inputs kept in `Fuzz/Regressions/TARGET/` (seeds and findings), sorted.
    static func regressions(_ target: String) -> [String] {
        let folder = repository.appendingPathComponent("Fuzz/Regressions/\(target)").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The bytes of a kept input.
    static func regression(_ target: String, _ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: repository.appendingPathComponent("Fuzz/Regressions/\(target)/\(name)").path) ?? Data())
    }

    /// `TARGET/NAME` lines of `Fuzz/Regressions/known-issues.txt`: kept inputs whose fix is not merged yet.
    static let knownIssues: Set<String> = {
        let text = (try? String(contentsOf: repository.appendingPathComponent("Fuzz/Regressions/known-issues.txt"), encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }()

    /// Why `bytes` is not a well-formed XML document (characters outside XML's `Char`
    /// production included), or nil.
    static func xmlProblem(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return "not UTF-8" }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let value = scalar.value
            let legal = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || value >= 0x10000
            if !legal { return "U+\(String(value, radix: 16, uppercase: true)) (not an XML character) at scalar \(offset)" }
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            return "XMLParser: \(parser.parserError.map { "\($0)" } ?? "error") at line \(parser.lineNumber)"
        }
        return nil
    }
}
