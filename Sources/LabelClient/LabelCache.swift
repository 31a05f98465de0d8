import Foundation
import LabelCore

/// The client's disk cache: one folder per server, one file per (table,
/// language) holding the bundle exactly as served and its ETag.
///
/// File layout: `label-client-cache 1\n<ETag>\n<bundle JSON>`. Files are
/// written to a temporary name and renamed, so a crash leaves the old copy or
/// the new one, never half of one; a file that does not read back (truncated,
/// edited, another version) is deleted and fetched again.
struct LabelCache: Sendable {
    static let magic = "label-client-cache 1"

    struct Entry: Sendable {
        var etag: String
        var document: LabelBundleDocument
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
        guard let data = try? Data(contentsOf: url) else { return nil }
        do {
            let entry = try Self.parse(data)
            // A copy an older client cached from a wrong answer is not served either.
            try entry.document.check(answering: table, requested: language)
            return entry
        } catch {
            LabelClientLog.write("ignoring corrupt cache file \(url.lastPathComponent): \(error)")
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    static func parse(_ data: Data) throws(LabelClientError) -> Entry {
        let bytes = [UInt8](data)
        let newline = UInt8(ascii: "\n")
        guard let first = bytes.firstIndex(of: newline),
              String(decoding: bytes[..<first], as: UTF8.self) == magic,
              let second = bytes[(first + 1)...].firstIndex(of: newline)
        else { throw .malformedBundle("not a cache file") }
        let etag = String(decoding: bytes[(first + 1)..<second], as: UTF8.self)
        guard !etag.isEmpty else { throw .malformedBundle("no ETag") }
        let document = try LabelBundleDocument.decode(Data(bytes[(second + 1)...]))
        return Entry(etag: etag, document: document, catalog: try document.catalog())
    }

    /// Writes atomically (temporary file, then rename over the old one).
    func write(table: String, language: LanguageTag, etag: String, body: Data) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = fileURL(table: table, language: language)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        var data = Data("\(Self.magic)\n\(etag)\n".utf8)
        data.append(body)
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
