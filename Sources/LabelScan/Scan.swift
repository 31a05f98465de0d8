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
        // SwiftGen accessors first: their uses can be in any file.
        var swiftGen = SwiftGenMap()
        for (index, bytes) in sources.sorted(by: { $0.key < $1.key })
        where files[index].language == .swift && SwiftGenMap.mayDefine(bytes) {
            swiftGen.merge(SiteScanner.scan(bytes, file: files[index].path, language: .swift, callees: options.callees).swiftGen)
        }
        let results = Locked<[Int: [ScanSite]]>([:])
        let indices = sources.keys.sorted()
        let map = swiftGen
        DispatchQueue.concurrentPerform(iterations: indices.count) { position in
            let index = indices[position]
            let found = SiteScanner.scan(sources[index]!, file: files[index].path, language: files[index].language,
                                         callees: options.callees, swiftGen: map).sites
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
