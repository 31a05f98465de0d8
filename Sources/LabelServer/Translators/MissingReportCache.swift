import GzipCoding
import BackgroundWork
import Dispatch
import HTTPServer
import LabelCore
import MissingKeys

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
/// While requests keep missing, the generation moves on every request. A
/// report that is cheap to snapshot and render (under ``freshBelow``, 2 ms:
/// a few hundred entries) is then simply retaken: every read is exact. An
/// expensive one is reused for ``costFactor`` (20) times what it cost, at most
/// ``maximumAge`` (1 s, the flush interval: never staler than the file), so
/// the loops spend at most about 5 % of their time on report rendering however
/// many clients poll it. Writes through the API (`POST` and `DELETE /missing`)
/// call ``invalidate()``: a client reads its own writes at once.
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
        /// The translators' search (`q`), applied before the page.
        var search: String?
        var catalogLoadedAt: Double
    }

    private struct State {
        var report: MissingReport?
        var generation: UInt64 = 0
        /// Monotonic nanoseconds when `report` was taken.
        var takenAt: UInt64 = 0
        /// Nanoseconds the snapshot took, and the costliest page rendered (and gzipped) from it.
        var snapshotCost: UInt64 = 0
        var renderCost: UInt64 = 0
        var cost: UInt64 { snapshotCost &+ renderCost }
        var pages: [Key: Page] = [:]
    }

    /// Pages kept per generation; beyond this the oldest set is dropped (clients paging through a report stay well under).
    static let maximumPages = 64
    /// Bodies smaller than this are not worth compressing.
    static let gzipThreshold = 1024

    /// Nanoseconds: the longest a snapshot is reused once the report changed.
    let maximumAge: UInt64
    /// Nanoseconds: a snapshot cheaper than this (snapshot plus costliest render) is never reused stale.
    let freshBelow: UInt64
    /// A stale snapshot is reused for this many times its cost.
    let costFactor: UInt64
    private let state = Guarded(State())
    /// Per catalog load: untranslated keys and the resolved sweep (kept across ``invalidate()``).
    let backlog = Backlog()

    init(maximumAge: Duration = .seconds(1), freshBelow: Duration = .milliseconds(2), costFactor: UInt64 = 20) {
        func nanoseconds(_ duration: Duration) -> UInt64 {
            let (seconds, attoseconds) = duration.components
            return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
        }
        self.maximumAge = nanoseconds(maximumAge)
        self.freshBelow = nanoseconds(freshBelow)
        self.costFactor = costFactor
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
            guard let report = state.report else { return nil }
            if state.generation != current {
                let (scaled, overflow) = state.cost.multipliedReportingOverflow(by: costFactor)
                let budget = state.cost < freshBelow ? 0 : min(maximumAge, overflow ? .max : scaled)
                guard now &- state.takenAt < budget else { return nil }
            }
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
            let cost = DispatchTime.now().uptimeNanoseconds &- now
            state.withLock { state in
                // Another loop may have stored a newer snapshot meanwhile; keep the newest.
                guard state.report == nil || generation >= state.generation else { return }
                if state.generation != generation { state.pages = [:] }
                state.report = report
                state.generation = generation
                state.takenAt = now
                state.snapshotCost = cost
                state.renderCost = 0
            }
        }
        let rendered = page == nil
        let renderStart = DispatchTime.now().uptimeNanoseconds
        var result = page ?? render(report)
        let compress = wantsGzip && result.gzip == nil && result.identity.count >= Self.gzipThreshold
        if compress {
            // Level 1: a dynamic body, compressed once per generation; speed over the last few percent.
            let compressed = (try? Gzip.compress(result.identity, level: 1)) ?? result.identity
            result.gzip = compressed.count < result.identity.count ? compressed : result.identity
        }
        if rendered || compress {
            let stored = result
            let renderCost = DispatchTime.now().uptimeNanoseconds &- renderStart
            state.withLock { state in
                guard state.generation == generation, state.report != nil else { return }
                state.renderCost = max(state.renderCost, renderCost)
                if state.pages[key] == nil, state.pages.count >= Self.maximumPages { state.pages = [:] }
                state.pages[key] = stored
            }
        }
        return result
    }
}
