package import Foundation

/// The missing-key report and the usage counts kept outside the process, shared by every
/// replica (`--report-store redis://…`; the `ReportStore` target implements it over Redis).
///
/// The request path only ever touches ``recorder``, an in-memory buffer the store flushes
/// from its own thread; every other call does I/O and must run off the event loops. A call
/// that cannot reach the store throws ``ReportStoreUnavailable`` (the API answers 503 with
/// `Retry-After`); the label routes never depend on it.
package protocol SharedReportStore: AnyObject, Sendable {
    /// Where `GET /labels` misses and `POST /missing` reports are recorded (no I/O).
    var recorder: MissingKeyRecorder { get }
    /// Whether key usage is counted (`--usage on`): the service then counts into its
    /// catalog's ``UsageCounters``, which the store drains.
    var countsUsage: Bool { get }
    /// The shared report, as every replica sees it.
    func report() throws(ReportStoreUnavailable) -> MissingReport
    /// The shared usage totals and since when they are counted.
    func usage() throws(ReportStoreUnavailable) -> (since: Date, totals: [UsageCounters.Key: UsageStore.Totals])
    /// Clears the report for every replica (`DELETE /missing`).
    func reset(at now: Date) throws(ReportStoreUnavailable)
    /// Removes the entries matching every filter given (nil matches any); returns how many went.
    func remove(key: String?, requested: String?, table: String?) throws(ReportStoreUnavailable) -> Int
    /// Marks the open entries among `ids` resolved at `at` (a reload's time); returns how many changed.
    func markResolved(_ ids: [MissingKeyRecorder.EntryID], at: Date) throws(ReportStoreUnavailable) -> Int
    /// Tells the other replicas to reload their store (`POST /admin/reload`); false when
    /// the message could not be sent (the caller has reloaded itself either way).
    func publishReload() -> Bool
    /// The store's lines for `/metrics` (Prometheus text, each ending in a newline).
    func metricsText() -> String
}

/// The shared report store cannot be reached now: `/missing` and `/usage` answer 503.
package struct ReportStoreUnavailable: Error, Sendable, Hashable {
    /// Stable code of the cause (`unavailable`, `timeout`, `authentication`, `protocol`, `script`).
    package var cause: String
    /// For people; never a password.
    package var reason: String
    /// Seconds a client should wait before asking again (`Retry-After`).
    package var retryAfter: Int

    package init(cause: String, reason: String, retryAfter: Int = 1) {
        self.cause = cause
        self.reason = reason
        self.retryAfter = retryAfter
    }
}
