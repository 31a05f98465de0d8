import Dispatch
import HTTPServer
import LabelCore
import Synchronization

/// Rendered pages of the missing-key report, kept per report generation.
///
/// `GET /missing` runs on an event loop, like every handler; rendering a full
/// 10,000-entry report there (sort, JSON, gzip) held that loop for tens of
/// milliseconds per request, so a few clients polling the report pushed label
/// latency from 0.5 ms to seconds. Instead a page is rendered once per report
/// generation and format and then served by reference (the cached arrays are
/// shared, not copied), and its gzip is made once, the first time a client
/// accepts it.
///
/// While requests keep missing, the generation moves on every request; the
/// snapshot is then retaken at most every ``maximumAge`` (default 1 s, the
/// flush interval: the report is never staler than its file), so even a busy
/// server renders each distinct page at most once per second. Writes through
/// the API (`POST` and `DELETE /missing`) call ``invalidate()``: a client
/// reads its own writes at once.
final class MissingReportCache: Sendable {
    /// A rendered page and what its headers need.
    struct Page: Sendable {
        let identity: [UInt8]
        /// Made on first demand; equal to `identity` when gzip would not be smaller.
        var gzip: [UInt8]?
        let total: Int
        let nextOffset: Int?
    }

    /// A page is identified by its query and format (and, for the `.strings`
    /// stub, the catalog its development values come from).
    struct Key: Hashable, Sendable {
        var query: MissingReportQuery
        var format: String
        var catalogLoadedAt: Double
    }

    private struct State {
        var report: MissingReport?
        var generation: UInt64 = 0
        /// Monotonic nanoseconds when `report` was taken.
        var takenAt: UInt64 = 0
        var pages: [Key: Page] = [:]
    }

    /// Pages kept per generation; beyond this the oldest set is dropped (clients paging through a report stay well under).
    static let maximumPages = 64
    /// Bodies smaller than this are not worth compressing.
    static let gzipThreshold = 1024

    let maximumAge: UInt64
    private let state = Mutex(State())

    init(maximumAge: Duration) {
        let (seconds, attoseconds) = maximumAge.components
        self.maximumAge = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }

    /// Forget everything: the next read takes a fresh snapshot.
    func invalidate() { state.withLock { $0 = State() } }

    /// The page for `key`, rendering it with `render` when this generation has none.
    ///
    /// Rendering happens outside the lock: two loops asking for the same new
    /// page may both render it (the result is the same), but a loop never waits
    /// for another's rendering.
    func page(_ key: Key, gzip wantsGzip: Bool, recorder: MissingKeyRecorder,
              render: (MissingReport) -> Page) -> Page {
        let now = DispatchTime.now().uptimeNanoseconds
        let current = recorder.generation
        let cached = state.withLock { state -> (MissingReport, UInt64, Page?)? in
            guard let report = state.report,
                  state.generation == current || now &- state.takenAt < maximumAge else { return nil }
            return (report, state.generation, state.pages[key])
        }
        let report: MissingReport
        let generation: UInt64
        let page: Page?
        if let cached {
            (report, generation, page) = cached
        } else {
            (report, generation) = recorder.snapshotWithGeneration()
            page = nil
            state.withLock { state in
                // Another loop may have stored a newer snapshot meanwhile; keep the newest.
                guard state.report == nil || generation >= state.generation else { return }
                if state.generation != generation { state.pages = [:] }
                state.report = report
                state.generation = generation
                state.takenAt = now
            }
        }
        let rendered = page == nil
        var result = page ?? render(report)
        let compress = wantsGzip && result.gzip == nil && result.identity.count >= Self.gzipThreshold
        if compress {
            // Level 1: a dynamic body, compressed once per generation; speed over the last few percent.
            let compressed = (try? Gzip.compress(result.identity, level: 1)) ?? result.identity
            result.gzip = compressed.count < result.identity.count ? compressed : result.identity
        }
        if rendered || compress {
            let stored = result
            state.withLock { state in
                guard state.generation == generation, state.report != nil else { return }
                if state.pages[key] == nil, state.pages.count >= Self.maximumPages { state.pages = [:] }
                state.pages[key] = stored
            }
        }
        return result
    }
}
