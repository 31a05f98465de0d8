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
/// A store the loader refuses is no finding (export refuses it too).
enum AndroidFuzzCase {
    static let placements: [(String, String)] = [
        ("en.lproj/Localizable.strings", "de.lproj/Localizable.strings"),
        ("en.lproj/Localizable.stringsdict", "de.lproj/Localizable.stringsdict"),
        ("Localizable.xcstrings", "Other.xcstrings"),
        ("en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict"),
    ]

    /// What went wrong (a written file that is not well-formed XML), or nil. A trap is the
    /// caller's finding by itself.
    static func run(_ bytes: [UInt8], echo: Bool = false) -> String? {
        var input = FuzzInput(bytes)
        let (first, second) = placements[Int(input.byte() & 3)]
        let store = FuzzInput.scratch("android-fuzz")
        defer { try? FileManager.default.removeItem(at: store) }
        let bundle = store.appendingPathComponent("app", isDirectory: true)
        FuzzInput.write(input.part(), first, under: bundle)
        FuzzInput.write(input.part(), second, under: bundle)
        let loaded: LoadedStore
        do { loaded = try StoreLoader.load(StoreConfiguration(directory: store.path)) } catch { return nil }
        let export = AndroidExport(catalog: loaded.catalog)
        _ = export.report.text(out: "res")
        _ = export.report.json(out: "res")
        for file in export.files {
            if echo { FileHandle.standardError.write(Data("\(file.path)\n\(String(decoding: file.bytes, as: UTF8.self))\n".utf8)) }
            if let problem = FuzzInput.xmlProblem(file.bytes) { return "\(file.path): \(problem)" }
        }
        return nil
    }
}
