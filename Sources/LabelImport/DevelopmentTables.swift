import Foundation
import LabelCore

/// What one import run reads: the development language's tables, read once however
/// many languages refer to them (100 languages read one English table), and the
/// files the run has already merged, so that the outputs sharing a file (every
/// language of a String Catalog) build on each other instead of each on the disk's.
final class DevelopmentTables {
    /// Merged bytes by path relative to the bundle folder, not yet written.
    var merged: [String: [UInt8]] = [:]

    /// `kind NUL table NUL key` of each key new to the development language whose
    /// development-language unit was refused (`--add-new`): its translations are not written.
    var refusedNewKeys: Set<String> = []
    /// A String Catalog's development language and keys (`--add-new`), by path, read once
    /// however many languages of it are imported.
    var catalogKeys: [String: (language: LanguageTag, keys: Set<String>)?] = [:]

    private var strings: [String: [String: String]?] = [:]
    private var plurals: [String: Result<[String: PropertyListValue], ImportRefusal>] = [:]

    /// The values of a `.strings` file, `nil` when there is none or it cannot be read.
    func strings(_ relative: String, read: (String) throws(ImportRefusal) -> Data?) throws(ImportRefusal) -> [String: String]? {
        if let cached = strings[relative] { return cached }
        let values = try read(relative).flatMap { try? StringsFileParser.parse($0, file: relative).values }
        strings[relative] = .some(values)
        return values
    }

    /// Drops what was read of `relative`: the run has just merged it (a development table
    /// `--add-new` added keys to), and later outputs read the merged bytes.
    func forget(_ relative: String) {
        strings[relative] = nil
        plurals[relative] = nil
        catalogKeys[relative] = nil
    }

    /// The entries of a `.stringsdict` (empty when there is none), or why it cannot be read.
    func plurals(_ relative: String, read: (String) throws(ImportRefusal) -> Data?) throws(ImportRefusal) -> [String: PropertyListValue]? {
        if let cached = plurals[relative] { return try cached.get() }
        guard let data = try read(relative) else { return nil }
        let result: Result<[String: PropertyListValue], ImportRefusal>
        do { result = .success(try PropertyListReader.read(data).dictionary ?? [:]) } catch {
            result = .failure(ImportRefusal(.tableUnreadable(path: relative, detail: "\(error.reason)")))
        }
        plurals[relative] = result
        return try result.get()
    }
}
