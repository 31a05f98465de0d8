package import Foundation
package import LabelCore
package import AtomicFile

/// `label-server import`: plans the writes XLIFF files ask for in one bundle
/// folder, then makes them, each atomically.
///
/// Xcode's rules: a unit without `<target>` is not written, an empty target is an
/// empty string, a unit whose state is `new` or `needs-translation` is not
/// written (unfinished), a `.strings` key that lives in the table's `.stringsdict`
/// is not written to the `.strings`. A unit that fails a check (placeholders, an
/// undefined `.stringsdict` variable, a character XML cannot hold) is refused and
/// reported; the rest is imported. Nothing is written when any XLIFF file is
/// refused or any output cannot be merged, nor, under ``Options/strict``, when
/// there is any finding.
package struct Importer: Sendable {
    package struct Options: Sendable {
        /// The development language; default: each file's `source-language`, else `en`.
        package var developmentLanguage: LanguageTag?
        /// When not empty, only `<file>`s whose `original` is one of these paths or lies
        /// under one (`geteduroam/Localizable.xcstrings`, `damus/`) are imported: an
        /// `.xcloc` of a whole project holds several bundles' tables of the same name.
        package var originals: [String]
        /// All or nothing: any finding (a refused unit included) and nothing is written.
        package var strict: Bool
        /// `--add-new`: a unit whose key the development language lacks is written to the
        /// development language too (its `<source>` as the value), not skipped.
        package var addNew: Bool

        package init(developmentLanguage: LanguageTag? = nil, originals: [String] = [], strict: Bool = false, addNew: Bool = false) {
            self.developmentLanguage = developmentLanguage
            self.originals = originals
            self.strict = strict
            self.addNew = addNew
        }

        func selects(_ original: String) -> Bool {
            originals.isEmpty || originals.contains { original == $0 || original.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
    }

    /// One file to replace, relative to the bundle folder.
    package struct Write: Sendable, Hashable {
        package var path: String
        package var bytes: [UInt8]
    }

    package struct Plan: Sendable {
        package var report: ImportReport
        /// Empty when the report is refused.
        package var writes: [Write]
    }

    package let directory: URL
    package let options: Options

    package init(directory: URL, options: Options = Options()) {
        self.directory = directory
        self.options = options
    }

    /// Reads each file (an XLIFF, or an `.xcloc` folder's `Localized Contents/*.xliff`).
    package static func readDocuments(_ paths: [String]) -> (documents: [XLIFFDocument], errors: [XLIFFReadError]) {
        var documents: [XLIFFDocument] = [], errors: [XLIFFReadError] = []
        for path in paths {
            let files = expand(path)
            if files.isEmpty {
                let reason = "a folder without Localized Contents/*.xliff (where an .xcloc keeps its translations)"
                errors.append(XLIFFReadError(location: SourceLocation(file: path, line: 1, column: 1), reason: .unreadable(reason)))
            }
            for file in files {
                do throws(XLIFFReadError) {
                    documents.append(try XLIFFReader.read(bytes: try readInput(file), file: file))
                } catch {
                    errors.append(error)
                }
            }
        }
        return (documents, errors)
    }

    /// The XLIFF files an argument names: itself, or those inside an `.xcloc` (none: a
    /// folder without them). `Source Contents`, `Notes` and `contents.json` are not read.
    static func expand(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
        let contents = (path as NSString).appendingPathComponent("Localized Contents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: contents)) ?? []
        let xliffs = names.filter { $0.hasSuffix(".xliff") }.sorted().map { (contents as NSString).appendingPathComponent($0) }
        return xliffs
    }

    /// The bytes of an input file, its size checked before reading.
    static func readInput(_ path: String) throws(XLIFFReadError) -> [UInt8] {
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = attributes[.size] as? Int else {
            throw XLIFFReadError(location: start, reason: .unreadable("no such file"))
        }
        guard size <= XLIFFReader.maximumBytes else {
            throw XLIFFReadError(location: start, reason: .tooLarge(bytes: size, limit: XLIFFReader.maximumBytes))
        }
        // As bytes: the Data is let go here, not held beside them while the file is read.
        do { return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw XLIFFReadError(location: start, reason: .unreadable(error.localizedDescription))
        }
    }

    /// Replaces each planned file atomically, creating `.lproj` folders as needed: every
    /// new file is on disk before the first one replaces its old one (``AtomicFile``).
    package func apply(_ writes: [Write]) throws(AtomicFile.WriteError) {
        var replacements: [AtomicFile.Replacement] = []
        for write in writes {
            let url = directory.appendingPathComponent(write.path)
            let folder = url.deletingLastPathComponent()
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw AtomicFile.WriteError(path: folder.path, reason: error.localizedDescription)
            }
            replacements.append(AtomicFile.Replacement(path: url.path, directory: folder.path, bytes: write.bytes))
        }
        try AtomicFile.write(replacements)
    }
}
