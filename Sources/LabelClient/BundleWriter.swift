import Foundation
import LabelCore

/// Writes label sets as Foundation bundles under one folder of the cache, so
/// that `NSLocalizedString`, `String(localized:bundle:)`, `Bundle.localizedString`
/// and SwiftUI `Text(_:bundle:)` read them.
///
/// A set's bundle is `<table>.<language>.<fingerprint>.bundle`: an `Info.plist`
/// whose `CFBundleDevelopmentRegion` is the set's language and one
/// `<language>.lproj` holding `<table>.strings` (the plain labels) and
/// `<table>.stringsdict` (the plurals). With a single localization that is also
/// the development region, Foundation picks it whatever the device's preferred
/// languages. A new set is a new folder (Foundation caches a bundle's tables
/// by path, so files are never rewritten in place); it is written under a
/// temporary name and renamed whole, so a crash leaves no half bundle; older
/// folders of the same table and language are removed once a newer one exists.
final class BundleWriter: Sendable {
    let directory: URL
    /// Bundles opened by this process (every client), by path: never removed under a live set.
    private static let opened = Locked<[String: Bundle]>([:])

    init(directory: URL) {
        self.directory = directory
    }

    /// The bundle of a set of `table` in `language`, written if no bundle of the same
    /// content exists. `fingerprint` names the content (the bundle's ETag): a bundle
    /// already written under it is opened without resolving or serializing the table,
    /// so a launch with an unchanged set pays only for `Bundle(url:)`. `nil`: the name
    /// is a hash of the files, and `resolve` runs every time.
    func bundle(table: String, language: String, fingerprint: String?, resolve: () -> ResolvedTable?) -> Bundle? {
        if let fingerprint {
            let url = url(table: table, language: language, hash: ContentHash.fnv1a64(Array(fingerprint.utf8)))
            if let bundle = Self.opened.withLock({ $0[url.path] }) { return bundle }
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Info.plist").path) {
                return open(url, table: table, language: language)
            }
        }
        guard let resolved = resolve() else { return nil }
        let files = Self.files(resolved)
        let hash = fingerprint.map { ContentHash.fnv1a64(Array($0.utf8)) }
            ?? ContentHash.fnv1a64(files.strings, seed: ContentHash.fnv1a64(files.stringsdict))
        let url = url(table: resolved.table, language: resolved.language.rawValue, hash: hash)
        if let bundle = Self.opened.withLock({ $0[url.path] }) { return bundle }
        do {
            if !FileManager.default.fileExists(atPath: url.appendingPathComponent("Info.plist").path) {
                try write(files, language: resolved.language.rawValue, table: resolved.table, to: url)
            }
        } catch {
            LabelClientLog.write("could not write the bundle \(url.lastPathComponent): \(error)")
            return nil
        }
        return open(url, table: resolved.table, language: resolved.language.rawValue)
    }

    /// `<table>.<language>.<hash>.bundle` in the folder.
    private func url(table: String, language: String, hash: UInt64) -> URL {
        directory.appendingPathComponent("\(table).\(language).\(ContentHash.hex(hash)).bundle", isDirectory: true)
    }

    /// Opens a written bundle, keeps it for the process and removes older ones.
    private func open(_ url: URL, table: String, language: String) -> Bundle? {
        guard let bundle = Bundle(url: url) else { return nil }
        Self.opened.withLock { $0[url.path] = bundle }
        removeOlder(prefix: "\(table).\(language).", keeping: url.lastPathComponent)
        return bundle
    }

    struct Files {
        var strings: [UInt8]
        var stringsdict: [UInt8]
    }

    /// The two tables of a resolved table, as the server's `format=strings` and
    /// `format=stringsdict` hold them.
    static func files(_ resolved: ResolvedTable) -> Files {
        var strings = "/* \(resolved.table).strings for \(resolved.language), written by LabelClient. */\n"
        var plural: [(key: String, string: LocalizedString)] = []
        for item in resolved.items {
            if item.entry.string.isPlural {
                plural.append((item.key, item.entry.string))
            } else {
                strings += "\(StringsFileWriter.quoted(item.key)) = \(StringsFileWriter.quoted(item.entry.string.template));\n"
            }
        }
        return Files(strings: Array(strings.utf8), stringsdict: Array(StringsDictFileWriter.document(plural).utf8))
    }

    private func write(_ files: Files, language: String, table: String, to url: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp", isDirectory: true)
        defer { try? manager.removeItem(at: temporary) }
        let lproj = temporary.appendingPathComponent("\(language).lproj", isDirectory: true)
        try manager.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data(Self.infoPlist(language: language).utf8).write(to: temporary.appendingPathComponent("Info.plist"))
        try Data(files.strings).write(to: lproj.appendingPathComponent("\(table).strings"))
        try Data(files.stringsdict).write(to: lproj.appendingPathComponent("\(table).stringsdict"))
        // rename(2) of a directory is atomic; it fails when another writer got
        // there first, whose bundle has the same content.
        if rename(temporary.path, url.path) != 0, !manager.fileExists(atPath: url.appendingPathComponent("Info.plist").path) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// The bundle's `Info.plist`: its only localization is its development region.
    static func infoPlist(language: String) -> String {
        let escaped = XMLEscaping.escaped(language, .propertyListText)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>\(escaped)</string>
            \t<key>CFBundleIdentifier</key>
            \t<string>label-client.labels.\(escaped)</string>
            \t<key>CFBundleInfoDictionaryVersion</key>
            \t<string>6.0</string>
            \t<key>CFBundlePackageType</key>
            \t<string>BNDL</string>
            </dict>
            </plist>

            """
    }

    /// Removes the other bundles of this table and language that this process
    /// has not opened (best effort: another process may still read one).
    private func removeOlder(prefix: String, keeping name: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let open = Self.opened.withLock { Set($0.keys) }
        for other in names where other.hasPrefix(prefix) && other.hasSuffix(".bundle") && other != name
            && !open.contains(directory.appendingPathComponent(other, isDirectory: true).path) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(other, isDirectory: true))
        }
    }
}
