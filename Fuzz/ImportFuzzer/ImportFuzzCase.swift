import Foundation
import LabelCore
import LabelImport

/// One import fuzz input, run as `label-server import --dry-run` would: an XLIFF planned
/// into a bundle folder that holds the store files the input brings. Shared by
/// Fuzz/ImportFuzzer and the replay in LabelImportTests (a symlink).
///
/// Input: a control byte, then two parts (``FuzzInput/part()``: 16-bit little-endian
/// length, bytes), then the XLIFF. Control bits 0-1 place the parts:
///   0: `de.lproj/Localizable.strings` (the existing target) and `en.lproj/Localizable.strings` (development)
///   1: the same as `.stringsdict`
///   2: `Localizable.xcstrings` and `de.lproj/Localizable.strings`
///   3: `de.lproj/Localizable.strings` and `de.lproj/Localizable.stringsdict`
/// Bit 2: `--dev-lang en` (else each file's `source-language`). An empty part is no file.
enum ImportFuzzCase {
    static let placements: [(String, String)] = [
        ("de.lproj/Localizable.strings", "en.lproj/Localizable.strings"),
        ("de.lproj/Localizable.stringsdict", "en.lproj/Localizable.stringsdict"),
        ("Localizable.xcstrings", "de.lproj/Localizable.strings"),
        ("de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict"),
    ]

    /// What went wrong (a planned write that escapes the folder or that LabelCore cannot
    /// read back), or nil. A trap is the caller's finding by itself.
    static func run(_ bytes: [UInt8], echo: Bool = false) -> String? {
        var input = FuzzInput(bytes)
        let control = input.byte()
        let (existing, development) = placements[Int(control & 3)]
        let bundle = FuzzInput.scratch("import-fuzz")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let parts = [(existing, input.part()), (development, input.part())]
        for (path, bytes) in parts { FuzzInput.write(bytes, path, under: bundle) }
        // Import keeps the prolog and comments of a .stringsdict it merges into. A file
        // that libxml2 already refuses (a DOCTYPE CoreFoundation skips unread, such as
        // `<!DOCTYPE pli{t`) is held to LabelCore's reader, which reads as CF does:
        // import never makes a well-formed file ill-formed, nor writes a new one so.
        let illFormed = Set(parts.filter { !$0.1.isEmpty && FuzzInput.xmlProblem($0.1) != nil }.map(\.0))
        let xliff = input.rest()
        if echo { FileHandle.standardError.write(Data("xliff \(String(decoding: xliff, as: UTF8.self))\n".utf8)) }
        let document: XLIFFDocument
        do { document = try XLIFFReader.read(Data(xliff), file: "fuzz.xliff") } catch { return nil }
        let options = Importer.Options(developmentLanguage: control & 4 != 0 ? LanguageTag("en") : nil)
        let plan = Importer(directory: bundle, options: options).plan([document])
        for write in plan.writes {
            if let problem = escapes(write.path) ?? unreadable(write, wasWellFormed: !illFormed.contains(write.path)) {
                return "\(write.path): \(problem)"
            }
        }
        return nil
    }

    /// Why a planned path would leave the bundle folder, or nil.
    static func escapes(_ path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") { return "an absolute path" }
        if components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) { return "a path with an empty, . or .. component" }
        if path.utf8.contains(0) { return "a path with NUL" }
        return nil
    }

    /// Why LabelCore's own reader refuses a planned file, or nil.
    static func unreadable(_ write: Importer.Write, wasWellFormed: Bool = true) -> String? {
        let data = Data(write.bytes)
        do {
            if write.path.hasSuffix(".strings") {
                _ = try StringsFileParser.parse(data, file: write.path)
            } else if write.path.hasSuffix(".stringsdict") {
                if wasWellFormed, let problem = FuzzInput.xmlProblem(write.bytes) { return problem }
                _ = try StringsDictParser.parse(data, file: write.path)
            } else if write.path.hasSuffix(".xcstrings") {
                _ = try StringCatalogParser.parse(data, file: write.path)
            } else {
                return "a file of a kind import never writes"
            }
        } catch {
            return "LabelCore cannot read it back: \(error)"
        }
        return nil
    }
}
