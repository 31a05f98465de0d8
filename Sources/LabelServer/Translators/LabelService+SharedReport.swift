import Foundation
import HTTP1
import LabelCore
import MissingKeys

/// `/missing` and `/usage` over the report store shared by every replica (`--report-store`):
/// recording stays in memory on the loop (`POST /missing` too); reads, `DELETE` and the
/// resolved sweep go to the store off the event loops, and a store that cannot be reached
/// answers 503 with `Retry-After` (``ReportStoreUnavailable``).
extension LabelService {
    func sharedMissingReport(_ request: HTTPRequest, shared: any SharedReportStore, state: ServiceState,
                             mayBlock: Bool) throws -> HTTPResponse {
        switch request.method {
        case .post:
            return try Self.recordReported(request, into: shared.recorder)
        case .delete:
            try admin.check(request)
            if let entry = try Self.entryToRemove(request) {
                return Self.removedResponse(try shared.remove(key: entry.key, requested: entry.lang, table: entry.table))
            }
            try shared.reset(at: Date())
            return Self.json(.ok, #"{"status":"reset"}"#)
        default:
            guard mayBlock else { throw LabelRoute.NotBuilt() }
            return try readMissing(request, store: nil, state: state, source: sharedMissingRead(shared, state: state))
        }
    }

    /// The shared report, with what this catalog load serves marked resolved (once per load).
    func sharedMissingRead(_ shared: any SharedReportStore, state: ServiceState) throws(ReportStoreUnavailable) -> MissingReport {
        let report = try shared.report()
        let changed = try missingCache.backlog.sweep(report, serving: state) { (ids, at) throws(ReportStoreUnavailable) in
            try shared.markResolved(ids, at: at)
        }
        return changed ? try shared.report() : report
    }

    /// `GET /usage` from the shared store (off the loops).
    func sharedUsageReport(_ request: HTTPRequest, shared: any SharedReportStore, mayBlock: Bool) throws -> HTTPResponse {
        guard shared.countsUsage else {
            throw APIError(.notFound, "usage_disabled", "this server counts no key usage (--usage off)")
        }
        let query = try usageFilters(request)
        guard mayBlock else { throw LabelRoute.NotBuilt() }
        let (since, totals) = try shared.usage()
        return try usageResponse(request, query: query, since: since, totals: totals)
    }

    /// `POST /missing`: the body's items recorded into `recorder`, and what became of them.
    static func recordReported(_ request: HTTPRequest, into recorder: MissingKeyRecorder) throws -> HTTPResponse {
        let summary = try recorder.recordReported(reportedBody(request))
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("recorded", summary.recorded)
        writer.field("added", summary.added)
        writer.field("dropped", summary.dropped)
        writer.field("refused", summary.refusedByQuota)
        writer.endObject()
        return HTTPResponse(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: writer.bytes)
    }

    /// `DELETE /missing?key=…`'s answer.
    static func removedResponse(_ removed: Int) -> HTTPResponse {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("status", "removed")
        writer.field("removed", removed)
        writer.endObject()
        return HTTPResponse(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: writer.bytes)
    }
}
