package import Foundation

extension StoreLoader {
    /// The store folder, or the problem when there is no folder at that path.
    /// Shared by the loader and `lint`, so both refuse the same way.
    package static func storeRoot(_ configuration: StoreConfiguration) -> Result<URL, StoreProblem> {
        let root = URL(fileURLWithPath: configuration.directory, isDirectory: true)
        // Only bundles by path (an app's resources): the store folder is not read at all.
        if !configuration.bundles.isEmpty && configuration.bundles.allSatisfy({ configuration.bundleFolders[$0] != nil }) {
            return .success(root)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failure(StoreProblem(file: configuration.directory, message: "store folder not found"))
        }
        return .success(root)
    }

    /// The bytes of one discovered file; a file over `limit` bytes is refused
    /// before it is read.
    package static func read(_ job: Job, root: URL, limit: Int) -> Result<Data, StoreProblem> {
        let url = job.isOutsideRoot ? URL(fileURLWithPath: job.path) : root.appendingPathComponent(job.path)
        // stat(2), not FileManager's attributes: those look up the owner's and group's names,
        // reading /etc/passwd and /etc/group (and nsswitch.conf) for every file of the store.
        var info = stat()
        let size = stat(url.path, &info) == 0 ? Int(info.st_size) : 0
        guard size <= limit else {
            return .failure(StoreProblem(file: job.path, message: "file is \(size) bytes; the limit is \(limit)"))
        }
        do {
            return .success(try Data(contentsOf: url))
        } catch {
            return .failure(StoreProblem(file: job.path, message: "cannot read: \(error.localizedDescription)"))
        }
    }
}
