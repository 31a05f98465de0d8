#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The source files under the scanned paths: `.swift`, `.m`, `.mm`, `.h`, recursively,
/// in sorted order; build, dependency and hidden folders skipped unless named.
package enum SourceWalker {
    /// Folders never entered unless given as a path themselves.
    static let skipped: Set<String> = [".build", "Pods", "Carthage", "DerivedData"]

    package struct File: Sendable, Hashable {
        package var path: String
        package var language: SourceLanguage
    }

    /// - Returns: the files, and warnings for paths that cannot be read.
    package static func files(under paths: [String], excluding patterns: [String]) -> (files: [File], warnings: [ScanWarning]) {
        var files: [File] = []
        var warnings: [ScanWarning] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                warnings.append(ScanWarning(.sourceUnreadable, file: path, message: "cannot be read (\(String(cString: strerror(errno))))"))
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(path, excluding: patterns, into: &files, warnings: &warnings, depth: 0)
            } else if let language = SourceLanguage(path: path) {
                files.append(File(path: path, language: language))
            }
        }
        return (files, warnings)
    }

    static func walk(_ directory: String, excluding patterns: [String], into files: inout [File], warnings: inout [ScanWarning],
                     depth: Int) {
        guard depth < 64 else { return }
        guard let handle = opendir(directory) else {
            warnings.append(ScanWarning(.sourceUnreadable, file: directory, message: "cannot be listed (\(String(cString: strerror(errno))))"))
            return
        }
        var entries: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", !name.hasPrefix("."), !skipped.contains(name) else { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                let full = directory == "/" ? "/" + name : directory + "/" + name
                type = lstat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            // Symbolic links to folders are not followed (no cycles).
            entries.append((name, type == UInt8(DT_DIR)))
        }
        closedir(handle)
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            let path = directory.hasSuffix("/") ? directory + entry.name : directory + "/" + entry.name
            if patterns.contains(where: { matches($0, path: path, name: entry.name) }) { continue }
            if entry.isDirectory {
                walk(path, excluding: patterns, into: &files, warnings: &warnings, depth: depth + 1)
            } else if let language = SourceLanguage(path: entry.name) {
                files.append(File(path: path, language: language))
            }
        }
    }

    /// A `--exclude` glob matches the whole path, any trailing part of it, or the name.
    static func matches(_ pattern: String, path: String, name: String) -> Bool {
        if fnmatch(pattern, name, 0) == 0 || fnmatch(pattern, path, 0) == 0 { return true }
        var rest = Substring(path)
        while let slash = rest.firstIndex(of: "/") {
            rest = rest[rest.index(after: slash)...]
            if fnmatch(pattern, String(rest), 0) == 0 { return true }
        }
        return false
    }
}
