import Foundation
import LabelCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The launch fetch of one (table, language): request, download, decode,
/// check, cache. A value off the client actor, so that it runs in its own task
/// and ``LabelClient`` can stop waiting for it at the deadline
/// (``DeadlineRace``) while a long decode is still going.
struct LaunchFetch: Sendable {
    let fetcher: HTTPFetcher
    let baseURL: URL
    let table: String
    let timeout: TimeInterval
    let cache: LabelCache?
    let misses: MissQueue
    let bundles: BundleWriter?

    /// The labels from the server (`200`), or the cached copy it confirmed (`304`).
    ///
    /// A `200` is cached only once it decoded, answers this request
    /// (``LabelBundleDocument/check(answering:requested:)``) and its task was not
    /// cancelled: a fetch that passed the deadline is dropped, not cached
    /// behind the launch's back.
    func run(_ tag: LanguageTag, cached: LabelCache.Entry?) async throws(LabelClientError) -> LabelSet {
        var components = URLComponents(url: baseURL.appendingPathComponent("labels"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "lang", value: tag.rawValue), URLQueryItem(name: "table", value: table)]
        guard let url = components?.url else { throw .transport(.invalidURL("\(baseURL)")) }
        var request = URLRequest(url: url)
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let cached { request.setValue(cached.etag, forHTTPHeaderField: "If-None-Match") }
        let response = try await fetcher.send(request, deadline: timeout)
        switch response.status {
        case 304:
            guard let cached else { throw .status(304) }
            return set(.revalidated, cached, requested: tag)
        case 200:
            guard !Task.isCancelled else { throw .timedOut }
            let decoded = try await decode(response.body, requested: tag).get()
            guard !Task.isCancelled else { throw .timedOut }
            let etag = response.header("ETag") ?? "\"\(decoded.document.etag)\""
            if let cache, !etag.contains(where: \.isNewline) {
                do {
                    try cache.write(table: table, language: tag, etag: etag, compact: decoded.compact)
                } catch {
                    LabelClientLog.write("could not write the cache: \(error)")
                }
            }
            return set(.network, LabelCache.Entry(etag: etag, language: decoded.document.lang, catalog: decoded.catalog), requested: tag)
        default:
            throw .status(response.status)
        }
    }

    /// Decodes and checks a body, and makes its compact form for the cache, on a
    /// Dispatch thread: seconds of synchronous work for a large table must not
    /// hold one of the few cooperative threads the launch's own deadline needs
    /// to resume on.
    private func decode(_ body: Data, requested: LanguageTag) async
        -> Result<(document: LabelBundleDocument, catalog: Catalog, compact: [UInt8]), LabelClientError> {
        let table = self.table
        let caching = cache != nil
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { () throws(LabelClientError) in
                    let document = try LabelBundleDocument.decode(body)
                    try document.check(answering: table, requested: requested)
                    return (document, try document.catalog(), caching ? try CompactTable.encode(document) : [])
                })
            }
        }
    }

    func set(_ origin: LabelSet.Origin, _ cached: LabelCache.Entry, requested: LanguageTag) -> LabelSet {
        LabelSet(origin: origin, language: cached.language, etag: cached.etag, table: table,
                 resolver: LabelResolver(catalog: cached.catalog), requested: requested, misses: misses, bundles: bundles)
    }
}
