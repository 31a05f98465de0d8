#if os(Linux)
import Foundation
import GzipCoding

/// gzip bodies read by ``PlainHTTPExchange``, inflated into at most a limit.
///
/// Through `GzipCoding`'s one inflate loop (the system zlib), which LabelClient links on
/// Linux only (`Package.swift`): on Apple platforms `URLSession` decodes gzip itself.
enum BoundedInflater {
    /// The gzip member in `bytes`, decompressed.
    ///
    /// - Throws: ``LabelClientError/bodyTooLarge(limit:)`` as soon as the output would
    ///   pass `limit` (a gzip bomb stops there, whatever it would inflate to);
    ///   ``LabelClientError/transport(_:)`` for a body that is not gzip or is cut short.
    static func gunzip(_ bytes: [UInt8], limit: Int) throws(LabelClientError) -> Data {
        do {
            return try Gzip.decompress(bytes, limit: limit, as: Data.self)
        } catch {
            throw error.exceededLimit ? .bodyTooLarge(limit: limit) : .transport(.inflate(status: error.code))
        }
    }
}
#endif
