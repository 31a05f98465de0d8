import Foundation
import LabelCore

/// `label-server scan`: reads the source files, finds their sites (in parallel) and
/// joins them with the store.
package enum Scan {
    package struct Options: Sendable {
        package var paths: [String] = ["."]
        package var excludes: [String] = []
        package var callees = CalleeTable()

        package init() {}
    }

    /// The sites of all files, sorted by file and position, and warnings naming the
    /// files that could not be read or are not UTF-8.
    package static func sites(_ options: Options) -> (files: Int, sites: [ScanSite], warnings: [String]) {
        let (files, walkWarnings) = SourceWalker.files(under: options.paths, excluding: options.excludes)
        let contents = Locked<[Int: [UInt8]]>([:])
        let warnings = Locked<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            switch read(files[index].path) {
            case .success(let bytes): contents.withLock { $0[index] = bytes }
            case .failure(let problem): warnings.withLock { $0[index] = problem.description }
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
                                 pass: .sites, callees: callees, swiftGen: map).sites
            }
            results.withLock { $0[index] = found }
        }
        let sites = results.withLock { $0 }.sorted { $0.key < $1.key }.flatMap(\.value)
        return (files.count, sites, walkWarnings + warnings.withLock { $0 }.sorted { $0.key < $1.key }.map(\.value))
    }

    /// A file's bytes, or a warning when it cannot be read or is not valid UTF-8.
    static func read(_ path: String) -> Result<[UInt8], ScanWarning> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ScanWarning("\(path): cannot be read; skipped"))
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .failure(ScanWarning("\(path): not valid UTF-8; skipped"))
        }
        return .success(bytes)
    }
}

/// A warning naming a file, for standard error.
package struct ScanWarning: Error, Sendable, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
