public import Foundation
import LabelCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches an app's labels at launch, keeps them on disk, falls back to a
/// bundled store offline, and reports keys the app did not find.
///
/// ```swift
/// let client = LabelClient(baseURL: URL(string: "https://labels.example.com")!,
///                          cacheDirectory: cacheURL, fallbackStore: bundledStore, timeout: .seconds(3))
/// let labels = try await client.labels(language: "de-AT")
/// labels.string("coins.count", count: 3)   // "3 Münzen"
/// ```
///
/// An actor: call it from any task. The ``LabelSet`` it returns is a value
/// that renders synchronously.
public actor LabelClient {
    public nonisolated let baseURL: URL
    public nonisolated let table: String
    public nonisolated let cacheDirectory: URL?
    public nonisolated let fallbackStore: URL?
    /// What the fallback is read from: `fallbackStore` as the server's layout, or an app
    /// bundle's folder as its one bundle (``init(baseURL:table:cacheDirectory:fallback:timeout:bodyLimit:)``).
    private nonisolated let fallbackConfiguration: StoreConfiguration?
    /// How long the whole launch fetch may take before the cache or the
    /// fallback store answers instead; also the limit for one `flushMissing`.
    public nonisolated let timeout: Duration
    /// Most bytes a response body may have, after decompression; a body past
    /// it is not read further and the launch falls back as for any failure.
    public nonisolated let bodyLimit: Int

    /// The default ``bodyLimit``: 32 MiB, several times the largest real table.
    public static let defaultBodyLimit = 32 << 20

    /// ``timeout`` in seconds, as URLSession and the deadline race take it.
    private let timeoutSeconds: TimeInterval
    private let fetcher: HTTPFetcher
    private let cache: LabelCache?
    private let misses = MissQueue()
    private var fallbackCatalog: Task<Result<Catalog, StoreLoadError>, Never>?
    private var flushInFlight: Task<Int, any Error>?
    private var refreshes: [LanguageTag: Task<LabelSet?, Never>] = [:]
    /// Launch and refresh fetches until they end, including those the launch stopped
    /// waiting for (``outstandingWorkEnded()``).
    private let outstanding = OutstandingWork()
    /// Calls of ``flushMissing()`` that joined a flush in flight, and who waits for the next.
    private var joinedFlushes = 0
    private var joinWaiters: [CheckedContinuation<Void, Never>] = []
    private let bundleWriter: BundleWriter?

    /// - Parameters:
    ///   - baseURL: The label server (`https://labels.example.com`).
    ///   - table: The table every `labels(language:)` fetches.
    ///   - cacheDirectory: Where to keep fetched bundles (a sub-folder per
    ///     server is made); `nil`: no disk cache.
    ///   - fallbackStore: A folder laid out like the server's `Strings/`
    ///     (bundles `app`, `framework`; development language `en`), used when
    ///     there is neither server nor cache; `nil`: none.
    ///   - timeout: The whole launch fetch, download and decoding (a negative one is zero).
    ///   - bodyLimit: Most bytes of a response body after decompression.
    public init(baseURL: URL, table: String = "Localizable", cacheDirectory: URL? = nil,
                fallbackStore: URL? = nil, timeout: Duration = .seconds(3), bodyLimit: Int = LabelClient.defaultBodyLimit) {
        self.init(baseURL: baseURL, table: table, cacheDirectory: cacheDirectory, fallbackStore: fallbackStore, timeout: timeout,
                  bodyLimit: bodyLimit, fallbackConfiguration: fallbackStore.map { StoreConfiguration(directory: $0.path) })
    }

    /// Every public initializer's: `fallbackConfiguration` is what the fallback is loaded from.
    private init(baseURL: URL, table: String, cacheDirectory: URL?, fallbackStore: URL?, timeout: Duration, bodyLimit: Int,
                 fallbackConfiguration: StoreConfiguration?) {
        self.baseURL = baseURL
        self.table = table
        self.cacheDirectory = cacheDirectory
        self.fallbackStore = fallbackStore
        self.fallbackConfiguration = fallbackConfiguration
        self.timeout = max(timeout, .zero)
        let (seconds, attoseconds) = self.timeout.components
        timeoutSeconds = Double(seconds) + Double(attoseconds) / 1e18
        self.bodyLimit = max(bodyLimit, 0)
        cache = cacheDirectory.map { LabelCache(root: $0, baseURL: baseURL) }
        bundleWriter = cache.map { BundleWriter(directory: $0.directory.appendingPathComponent("bundles", isDirectory: true)) }
        fetcher = HTTPFetcher(bodyLimit: max(bodyLimit, 0))
    }

    /// The same, with `timeout` in seconds (`timeout: 3`, as apps have written it): a
    /// negative or NaN number is zero, one above a year is a year.
    public init(baseURL: URL, table: String = "Localizable", cacheDirectory: URL? = nil,
                fallbackStore: URL? = nil, timeout seconds: TimeInterval, bodyLimit: Int = LabelClient.defaultBodyLimit) {
        let clamped = seconds.isNaN ? 0 : min(max(seconds, 0), 365 * 86_400)
        self.init(baseURL: baseURL, table: table, cacheDirectory: cacheDirectory, fallbackStore: fallbackStore,
                  timeout: .nanoseconds(Int64(clamped * 1e9)), bodyLimit: bodyLimit)
    }

    /// The same, with an app's own `Bundle` as the fallback (`Bundle.main`, a framework's
    /// or a resource bundle): its `*.lproj` tables (`.strings`, `.stringsdict`) and
    /// `.xcstrings`, read with the server's loader, so the app ships one copy of its strings.
    /// Its development language is the bundle's `CFBundleDevelopmentRegion` (`developmentLocalization`), else `en`.
    public init(baseURL: URL, table: String = "Localizable", cacheDirectory: URL? = nil,
                fallback bundle: Bundle, timeout: Duration = .seconds(3), bodyLimit: Int = LabelClient.defaultBodyLimit) {
        self.init(baseURL: baseURL, table: table, cacheDirectory: cacheDirectory, fallbackStore: nil, timeout: timeout,
                  bodyLimit: bodyLimit, fallbackConfiguration: Self.configuration(of: bundle))
    }

    deinit {
        // A URLSession keeps itself alive until invalidated.
        fetcher.session.finishTasksAndInvalidate()
    }

    /// The table in `language`, by `policy`.
    ///
    /// - ``LaunchPolicy/networkFirst`` (the default): from the server when its
    ///   bundle is downloaded and decoded within `timeout`, else from the cache,
    ///   else from the fallback store.
    /// - ``LaunchPolicy/localFirst``: at once from the cache, else from the
    ///   fallback store, without waiting on the network; a refresh starts in
    ///   the background and ``refreshed(language:)`` gives its result. With
    ///   neither cache nor fallback store it waits on the server as `networkFirst`.
    ///
    /// A bundle of another table, or in a language that cannot answer
    /// `language` (see ``LabelBundleDocument``), or over ``bodyLimit``, is
    /// refused like a failed fetch and never cached.
    ///
    /// - Throws: ``LabelClientError/invalidLanguage(_:)`` for a malformed tag;
    ///   ``LabelClientError/unavailable(network:fallback:)`` when no source has labels.
    public func labels(language: String, policy: LaunchPolicy = .networkFirst) async throws -> LabelSet {
        guard let tag = LanguageTag(language) else { throw LabelClientError.invalidLanguage(language) }
        let cached = await readCache(tag)
        if policy == .localFirst {
            if let local = await localSet(tag, cached: cached, reason: "local first") {
                startRefresh(tag, cached: cached)
                return local
            }
        }
        // A launch that goes to the network supersedes an earlier background refresh:
        // ``refreshed(language:)`` must not hand back a set older than this one.
        refreshes[tag] = nil
        let networkFailure: LabelClientError
        switch await fetchResult(tag, cached: cached) {
        case .success(let set): return set
        case .failure(let error): networkFailure = error
        }
        if let local = await localSet(tag, cached: cached, reason: "\(networkFailure)") { return local }
        var fallback: StoreLoadError?
        if case .failure(let error)? = await loadFallback() { fallback = error }
        throw LabelClientError.unavailable(network: networkFailure, fallback: fallback)
    }

    /// The newer set the background refresh of a ``LaunchPolicy/localFirst``
    /// launch in `language` got (`200`), once it has finished; `nil` when the
    /// server confirmed the copy served (`304`), could not be reached within
    /// `timeout`, answered an error or a bundle that was refused, or when no
    /// refresh was started for `language` since its last launch from the network. A refreshed set is cached, so the
    /// next launch starts from it.
    public func refreshed(language: String) async -> LabelSet? {
        guard let tag = LanguageTag(language), let refresh = refreshes[tag] else { return nil }
        return await refresh.value
    }

    /// The cached set, else the fallback store's; `nil` when there is neither.
    private func localSet(_ tag: LanguageTag, cached: LabelCache.Entry?, reason: String) async -> LabelSet? {
        if let cached {
            LabelClientLog.write("serving cached \(table) for \(tag) (\(reason))")
            return launchFetch.set(.cache, cached, requested: tag)
        }
        guard case .success(let catalog)? = await loadFallback() else { return nil }
        LabelClientLog.write("serving the fallback store for \(tag) (\(reason))")
        let resolver = LabelResolver(catalog: catalog)
        let chain = resolver.chain(preferred: [tag])
        let present = chain.languages.first { !catalog.entries(table: table, language: $0).isEmpty }
        return LabelSet(origin: .fallback, language: (present ?? tag).rawValue, etag: nil, table: table,
                        resolver: resolver, requested: tag, misses: misses, bundles: bundleWriter)
    }

    /// Starts a background refresh of `tag`; ``refreshed(language:)`` waits for the latest.
    private func startRefresh(_ tag: LanguageTag, cached: LabelCache.Entry?) {
        let fetch = launchFetch
        let timeout = timeoutSeconds
        let outstanding = outstanding
        // Counted from here: ``outstandingWorkEnded()`` does not return before the task starts.
        outstanding.begin()
        // The task holds the client: its session must outlive the refresh (the
        // client's deinit invalidates it), which the deadline bounds.
        refreshes[tag] = Task.detached(priority: .utility) { [self] () async -> LabelSet? in
            defer {
                outstanding.end()
                withExtendedLifetime(self) {}
            }
            let result = await DeadlineRace.run(seconds: timeout, outstanding: outstanding) { () async -> Result<LabelSet, LabelClientError> in
                do throws(LabelClientError) {
                    return .success(try await fetch.run(tag, cached: cached))
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case .success(let set): return set.origin == .network ? set : nil
            case .failure(let error):
                LabelClientLog.write("background refresh of \(fetch.table) for \(tag): \(error)")
                return nil
            }
        }
    }

    /// The cache file, read off the cooperative pool (a large table's file is
    /// megabytes of I/O and decoding).
    private func readCache(_ tag: LanguageTag) async -> LabelCache.Entry? {
        guard let cache else { return nil }
        let table = table
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: cache.read(table: table, language: tag))
            }
        }
    }

    /// Sends the queued misses in one `POST /missing` (at most 1,000,
    /// deduplicated) and returns how many were sent. On a network failure or
    /// a 5xx/408/429 they stay queued for the next call; a call while one is
    /// in flight waits for that one and returns its result.
    public func flushMissing() async throws -> Int {
        if let flushInFlight {
            joinedFlushes += 1
            for waiter in joinWaiters { waiter.resume() }
            joinWaiters = []
            return try await flushInFlight.value
        }
        let batch = misses.batch()
        guard !batch.isEmpty else { return 0 }
        let task = Task { try await self.post(batch) }
        flushInFlight = task
        defer { flushInFlight = nil }
        return try await task.value
    }

    /// Returns once every launch and refresh fetch has ended, also those a launch stopped
    /// waiting for at its deadline (which cache nothing): the event a test waits for
    /// instead of sleeping.
    func outstandingWorkEnded() async {
        await outstanding.ended()
    }

    /// Returns once `count` calls of ``flushMissing()`` have joined a flush in flight.
    func flushesJoined(_ count: Int) async {
        while joinedFlushes < count {
            await withCheckedContinuation { joinWaiters.append($0) }
        }
    }

    /// How many misses wait for `flushMissing()`.
    public var pendingMissCount: Int { misses.count }

    // MARK: - Internals

    private var launchFetch: LaunchFetch {
        LaunchFetch(fetcher: fetcher, baseURL: baseURL, table: table, timeout: timeoutSeconds, cache: cache, misses: misses,
                    bundles: bundleWriter)
    }

    /// The launch fetch, in its own task, waited for until `timeout` at most.
    private func fetchResult(_ tag: LanguageTag, cached: LabelCache.Entry?) async -> Result<LabelSet, LabelClientError> {
        let fetch = launchFetch
        return await DeadlineRace.run(seconds: timeoutSeconds, outstanding: outstanding) { () async -> Result<LabelSet, LabelClientError> in
            do throws(LabelClientError) {
                return .success(try await fetch.run(tag, cached: cached))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The fallback store, loaded once with the server's own loader, on a Dispatch
    /// thread (reading and parsing files is blocking work); `nil` without one.
    private func loadFallback() async -> Result<Catalog, StoreLoadError>? {
        guard let store = fallbackConfiguration else { return nil }
        if let fallbackCatalog { return await fallbackCatalog.value }
        let load = Task { () async -> Result<Catalog, StoreLoadError> in
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(returning: Result { () throws(StoreLoadError) in
                        try StoreLoader.load(store).catalog
                    })
                }
            }
        }
        fallbackCatalog = load
        return await load.value
    }

    private func post(_ batch: [MissQueue.Miss]) async throws -> Int {
        var request = URLRequest(url: baseURL.appendingPathComponent("missing"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = MissQueue.body(batch)
        let response = try await fetcher.send(request, deadline: timeoutSeconds)
        switch response.status {
        case 200..<300:
            misses.remove(batch)
            return batch.count
        case 408, 429, 500...:
            throw LabelClientError.status(response.status)
        default:
            misses.remove(batch)
            throw LabelClientError.rejected(status: response.status, dropped: batch.count)
        }
    }
}
