import LabelCore
/// One page of the missing-key report, as every format renders it.
///
/// Built by ``MissingReport/page(_:)`` from a report and a ``MissingReportQuery``:
/// the filtered entries' count and hits, the entries of the page, and the
/// report-wide drop counters, period and limits.
package struct MissingReportPage: Sendable, Hashable {
    package var query: MissingReportQuery
    /// The entries of this page, in report order: a report of its own, so every renderer applies.
    package var report: MissingReport
    /// Entries matching the filters, on all pages.
    package var total: Int
    /// Hits of the entries matching the filters, on all pages.
    package var totalHits: Int

    /// The offset of the next page, or nil on the last one.
    package var nextOffset: Int? {
        let end = query.offset + report.entries.count
        return end < total ? end : nil
    }

    package var entries: [MissingReport.Entry] { report.entries }
}

extension MissingReport {
    /// Filters by the query's language, table and view (open entries by default), then cuts its page.
    ///
    /// The one pagination and filtering step of the report: JSON, CSV,
    /// `.strings`, and any other view of the report call this and render the result.
    package func page(_ query: MissingReportQuery) -> MissingReportPage {
        let matching = filtered(lang: query.lang, table: query.table).filtered(view: query.view)
        let start = min(query.offset, matching.entries.count)
        let end = start + min(query.limit, matching.entries.count - start)
        let slice = MissingReport(ordered: Array(matching.entries[start..<end]), copying: matching)
        return MissingReportPage(query: query, report: slice, total: matching.entries.count, totalHits: matching.totalHits)
    }
}
