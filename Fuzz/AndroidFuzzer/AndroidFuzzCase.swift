import Foundation
import LabelAndroid
import LabelCore

/// One android fuzz input, run as `label-server export android` runs: a store folder
/// holding the input's files, loaded with LabelCore's loader, converted to a `res/` tree,
/// the report rendered. Shared by Fuzz/AndroidFuzzer and the replay in LabelAndroidTests
/// (a symlink).
///
/// Input: a control byte, then two parts (``FuzzInput/part()``: 16-bit little-endian
/// length, bytes), each a store file of the bundle `app`. Control bits 0-1:
///   0: `en.lproj/Localizable.strings` (the development language) and `de.lproj/Localizable.strings`
///   1: the same as `.stringsdict`
///   2: `Localizable.xcstrings` and `Other.xcstrings`
///   3: `en.lproj/Localizable.strings` and `en.lproj/Localizable.stringsdict`
/// A store the loader refuses is no finding (export refuses it too). A catalog the fast
/// String Catalog reader reads must be one `JSONSerialization` accepts.
enum AndroidFuzzCase {
    static let placements: [(String, String)] = [
        ("en.lproj/Localizable.strings", "de.lproj/Localizable.strings"),
        ("en.lproj/Localizable.stringsdict", "de.lproj/Localizable.stringsdict"),
        ("Localizable.xcstrings", "Other.xcstrings"),
        ("en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict"),
    ]

    /// What went wrong (a written file that is not well-formed XML, a plain development
    /// value changed), or nil. A trap is the
    /// caller's finding by itself.
    static func run(_ bytes: [UInt8], echo: Bool = false) -> String? {
        var input = FuzzInput(bytes)
        let (first, second) = placements[Int(input.byte() & 3)]
        let store = FuzzInput.scratch("android-fuzz")
        defer { try? FileManager.default.removeItem(at: store) }
        let bundle = store.appendingPathComponent("app", isDirectory: true)
        let parts = [input.part(), input.part()]
        FuzzInput.write(parts[0], first, under: bundle)
        FuzzInput.write(parts[1], second, under: bundle)
        if first.hasSuffix(".xcstrings"), let problem = parts.lazy.compactMap(fastReaderProblem).first { return problem }
        let loaded: LoadedStore
        do { loaded = try StoreLoader.load(StoreConfiguration(directory: store.path)) } catch { return nil }
        let export = AndroidExport(catalog: loaded.catalog)
        _ = export.report.text(out: "res")
        _ = export.report.json(out: "res")
        for file in export.files {
            if echo { FileHandle.standardError.write(Data("\(file.path)\n\(String(decoding: file.bytes, as: UTF8.self))\n".utf8)) }
            if let problem = FuzzInput.xmlProblem(file.bytes) { return "\(file.path): \(problem)" }
        }
        return changedPlainValue(loaded.catalog, export)
    }

    /// A catalog the fast String Catalog reader reads while `JSONSerialization` refuses
    /// its bytes (the reader promises it never does), or nil.
    static func fastReaderProblem(_ bytes: [UInt8]) -> String? {
        let data = Data(bytes)
        guard StringCatalogParser.fastReaderReads(data), (try? JSONSerialization.jsonObject(with: data)) == nil else {
            return nil
        }
        return "the catalog reader read \(bytes.count) bytes that JSONSerialization refuses"
    }

    /// A development-language value of letters, digits and single spaces that `values/`
    /// does not hold as written under its resource name (nothing to escape, nothing to
    /// refuse: any change is silent), or nil.
    static func changedPlainValue(_ catalog: Catalog, _ export: AndroidExport) -> String? {
        guard let development = catalog.developmentLanguage,
              let file = export.files.first(where: { $0.path == "values/strings.xml" }) else { return nil }
        let lines = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n")
        for (key, entry) in catalog.entries(table: "Localizable", language: development) where !entry.string.isPlural {
            let text = entry.string.template
            let words = text.split(separator: " ", omittingEmptySubsequences: false)
            guard !text.isEmpty, words.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { isASCIIAlphanumeric($0) } }),
                  let name = export.report.names["Localizable"]?[key] else { continue }
            let line = lines.first { $0.contains("<string name=\"\(name)\"") }
            guard let line, line.hasSuffix(">\(text)</string>") else {
                return "\(key) = \"\(text)\" is \(line.map { "\($0)" } ?? "missing") in values/strings.xml, with no refusal"
            }
        }
        return nil
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
