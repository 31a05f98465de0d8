import Foundation
import LabelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `label-server scan`: reads the store and the source files, finds their sites (in
/// parallel) and joins them with the store: ``run(_:)``.
package enum Scan {
    package struct Options: Sendable {
        package var paths: [String] = ["."]
        package var excludes: [String] = []
        package var callees = CalleeTable()
        /// The store the sites are joined with; none: every key listed, none missing.
        package var store: StoreSource = .none

        package init() {}
    }

    /// The sites of all files, and what could not be read.
    struct Sites: Sendable {
        /// How many source files were found.
        var files: Int
        var sites: [ScanSite]
        var warnings: [ScanWarning]
    }

    /// The largest source file read (64 MiB); larger ones are a warning, never read.
    package static let maximumSourceBytes = 64 << 20

    /// The sites of all files, sorted by file and position, and warnings naming the
    /// files that could not be read, are not UTF-8, or nest interpolations too deep.
    static func sites(_ options: Options) -> Sites {
        let (files, walkWarnings) = SourceWalker.files(under: options.paths, excluding: options.excludes)
        let contents = Locked<[Int: [UInt8]]>([:])
        let warnings = Locked<[Int: [ScanWarning]]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            switch read(files[index].path) {
            case .success(let bytes): contents.withLock { $0[index] = bytes }
            case .failure(let problem): warnings.withLock { $0[index] = [problem] }
            }
        }
        let sources = contents.withLock { $0 }
        let indices = sources.keys.sorted()
        // First pass: lex every file once, and collect what calls elsewhere depend on.
        let firstPass = Locked<[Int: (tokens: SourceTokens, declarations: SiteScanner.Result)]>([:])
        DispatchQueue.concurrentPerform(iterations: indices.count) { position in
            let index = indices[position]
            let file = files[index]
            let outcome = sources[index]!.withUnsafeBufferPointer { bytes in
                let tokens = SourceLexer.tokenize(bytes, language: file.language)
                let declarations = SiteScanner.scan(bytes, tokens, file: file.path, language: file.language, pass: .declarations,
                                                    callees: options.callees, swiftGen: SwiftGenMap())
                return (tokens, declarations)
            }
            firstPass.withLock { $0[index] = outcome }
        }
        let lexed = firstPass.withLock { $0 }
        var swiftGen = SwiftGenMap()
        var declared: [CalleeTable.Wrapper] = []
        for index in indices {
            swiftGen.merge(lexed[index]!.declarations.swiftGen)
            declared += lexed[index]!.declarations.declared
        }
        let callees = options.callees.adding(declared)
        let map = swiftGen
        let results = Locked<[Int: [ScanSite]]>([:])
        DispatchQueue.concurrentPerform(iterations: indices.count) { position in
            let index = indices[position]
            let found = sources[index]!.withUnsafeBufferPointer { bytes in
                SiteScanner.scan(bytes, lexed[index]!.tokens, file: files[index].path, language: files[index].language,
                                 pass: .sites, callees: callees, swiftGen: map)
            }
            results.withLock { $0[index] = found.sites }
            if !found.warnings.isEmpty { warnings.withLock { $0[index, default: []] += found.warnings } }
        }
        // Taken out and moved file by file: a flatMap would hold every site twice.
        var byFile = results.withLock { results in
            defer { results = [:] }
            return results
        }
        var sites: [ScanSite] = []
        for index in byFile.keys.sorted() {
            let found = byFile.removeValue(forKey: index)!
            if sites.isEmpty { sites = found } else { sites += found }
        }
        return Sites(files: files.count, sites: sites,
                     warnings: walkWarnings + warnings.withLock { $0 }.sorted { $0.key < $1.key }.flatMap(\.value))
    }

    /// A file's bytes, or a warning when it is not a regular file (a FIFO, a device, a
    /// folder or link loop named `*.swift`), is too large, cannot be read or is not UTF-8.
    static func read(_ path: String) -> Result<[UInt8], ScanWarning> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(ScanWarning(.sourceUnreadable, file: path, message: "cannot be read (\(String(cString: strerror(errno)))); skipped"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(ScanWarning(.sourceUnreadable, file: path, message: "not a regular file; skipped"))
        }
        guard Int(info.st_size) <= maximumSourceBytes else {
            return .failure(ScanWarning(.sourceUnreadable, file: path, message: "larger than \(maximumSourceBytes >> 20) MiB; skipped"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ScanWarning(.sourceUnreadable, file: path, message: "cannot be read; skipped"))
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .failure(ScanWarning(.sourceNotUTF8, file: path, message: "not valid UTF-8; skipped"))
        }
        return .success(bytes)
    }
}
