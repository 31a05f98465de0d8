import Foundation
import LabelCore

extension StoreOptions {
    /// Adds each `--resources` folder as a bundle named after its last path component. A
    /// name `--bundles` lists takes that place in the order (and replaces `STRINGS/<name>`);
    /// the others go first, in the order given. Without `keepBundles` (no `--strings` or
    /// `--bundles` anywhere) the store is the resources folders alone.
    static func add(_ resources: [String], to configuration: inout StoreConfiguration, keepBundles: Bool) throws(ArgumentScanner.UsageError) {
        var first: [String] = []
        var paths: [String: String] = [:]
        for path in resources {
            try requireFolder(path, option: "--resources")
            let name = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.lastPathComponent
            if let other = paths[name] {
                throw .init(description: "--resources \(other) and \(path) are both the bundle \"\(name)\": bundles need distinct folder names",
                            code: "resources-name-clash")
            }
            paths[name] = path
            if !keepBundles || !configuration.bundles.contains(name) { first.append(name) }
        }
        configuration.bundles = first + (keepBundles ? configuration.bundles : [])
        configuration.bundleFolders = paths
    }

    /// Every bundle named explicitly must have its folder under `directory` (when the store
    /// folder itself exists: a missing store folder is the loader's error, as before).
    static func requireFolders(_ bundles: [String], in directory: String) throws(ArgumentScanner.UsageError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { return }
        for bundle in bundles {
            try requireFolder((directory.hasSuffix("/") ? directory : directory + "/") + bundle, option: "--bundles")
        }
    }

    /// A configured folder that does not exist stops the command (exit 2) with its name.
    static func requireFolder(_ path: String, option: String) throws(ArgumentScanner.UsageError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .init(description: "\(option): folder \(path) does not exist", code: "folder-not-found")
        }
    }
}
