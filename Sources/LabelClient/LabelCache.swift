import Foundation
import LabelCore

/// The client's disk cache: one folder per server, one file per (table,
/// language) holding the bundle in its compact form (``CompactTable``) and its ETag.
///
/// File layout: `label-client-cache 3\n<ETag>\n<compact table>`; files of the
/// first version (`label-client-cache 1`, the bundle's JSON) are still read. Version 2
/// (the same layout) is not: written before the client read the bundle's `markup`, it
/// may hold templates with their inline attribute markup removed, and is fetched again.
/// Files are written to a temporary name and renamed, so a crash leaves the old
/// copy or the new one, never half of one; a file that does not read back
/// (truncated, edited, another version) is deleted and fetched again. Read
/// memory-mapped: a launch touches the pages it decodes, once.
struct LabelCache: Sendable {
    static let magic = "label-client-cache 3"
    static let jsonMagic = "label-client-cache 1"

    struct Entry: Sendable {
        var etag: String
        /// The language the bundle's values are in (its `lang`).
        var language: String
        var catalog: Catalog
    }

    /// `<cacheDirectory>/<host>-<port>-<hash of the base URL>`.
    let directory: URL

    init(root: URL, baseURL: URL) {
        let host = (baseURL.host ?? "server").filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
        let port = baseURL.port.map { "-\($0)" } ?? ""
        let hash = ContentHash.hex(ContentHash.fnv1a64(Array(baseURL.absoluteString.utf8))).prefix(8)
        directory = root.appendingPathComponent("\(host)\(port)-\(hash)", isDirectory: true)
    }

    func fileURL(table: String, language: LanguageTag) -> URL {
        // Table names are [A-Za-z0-9_.-] (validated) and tags are canonical
        // BCP 47: both are safe file-name parts.
        directory.appendingPathComponent("\(table).\(language.rawValue).labels")
    }

    /// The cached copy, or `nil` when there is none or it is unreadable
    /// (then it is removed).
    func read(table: String, language: LanguageTag) -> Entry? {
        let url = fileURL(table: table, language: language)
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        do {
            // A copy an older client cached from a wrong answer is not served either.
            return try Self.parse(data, answering: table, requested: language)
        } catch {
            LabelClientLog.write("ignoring corrupt cache file \(url.lastPathComponent): \(error)")
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    static func parse(_ data: Data, answering table: String, requested: LanguageTag) throws(LabelClientError) -> Entry {
        let newline = UInt8(ascii: "\n")
        guard let first = data.prefix(64).firstIndex(of: newline),
              let second = data[(first + 1)...].prefix(4_096).firstIndex(of: newline)
        else { throw .malformedBundle(.notACacheFile) }
        let version = String(decoding: data[data.startIndex..<first], as: UTF8.self)
        let etag = String(decoding: data[(first + 1)..<second], as: UTF8.self)
        guard !etag.isEmpty else { throw .malformedBundle(.noETag) }
        let body = data[(second + 1)...]
        switch version {
        case magic:
            let compact = try CompactTable.decode(body)
            try LabelBundleDocument.check(table: compact.table, lang: compact.lang, development: compact.development,
                                          entryLanguages: compact.entryLanguages, answering: table, requested: requested)
            return Entry(etag: etag, language: compact.lang, catalog: compact.catalog)
        case jsonMagic:
            let document = try LabelBundleDocument.decode(Data(body))
            try document.check(answering: table, requested: requested)
            return Entry(etag: etag, language: document.lang, catalog: try document.catalog())
        default:
            throw .malformedBundle(.notACacheFile)
        }
    }

    /// Writes atomically (temporary file, then rename over the old one).
    func write(table: String, language: LanguageTag, etag: String, compact: [UInt8]) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = fileURL(table: table, language: language)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        var data = Data("\(Self.magic)\n\(etag)\n".utf8)
        data.append(contentsOf: compact)
        do {
            try data.write(to: temporary)
            // rename(2) replaces the destination atomically on POSIX file systems.
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
