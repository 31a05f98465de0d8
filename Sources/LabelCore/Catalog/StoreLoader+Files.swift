public import Foundation

extension StoreLoader {
    /// The store folder, or the problem when there is no folder at that path.
    /// Shared by the loader and `lint`, so both refuse the same way.
    public static func storeRoot(_ configuration: StoreConfiguration) -> Result<URL, StoreProblem> {
        let root = URL(fileURLWithPath: configuration.directory, isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failure(StoreProblem(file: configuration.directory, message: "store folder not found"))
        }
        return .success(root)
    }

    /// The bytes of one discovered file; a file over `limit` bytes is refused
    /// before it is read.
    public static func read(_ job: Job, root: URL, limit: Int) -> Result<Data, StoreProblem> {
        let url = root.appendingPathComponent(job.path)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
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
