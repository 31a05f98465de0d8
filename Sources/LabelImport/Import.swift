package import Foundation
import AtomicFile

/// `label-server import` as one call: read the XLIFF files, plan every output, and,
/// unless it is a dry run or the plan is refused, write them (each atomically). The
/// caller holds the folder's lock (``StoreLock``) around it and renders the report
/// (``ImportReportRendering``).
package enum Import {
    /// - Parameters:
    ///   - paths: XLIFF files, or `.xcloc` folders (their `Localized Contents/*.xliff`).
    ///   - directory: the bundle folder written into.
    /// - Returns: the report; ``ImportReport/isRefused`` says whether anything stops the
    ///   import (then nothing is written), ``ImportReport/filesWritten`` what was.
    /// - Throws: ``ImportError`` when the plan was accepted but writing it failed; it
    ///   carries the report (nothing counted as written).
    package static func run(_ paths: [String], into directory: URL, options: Importer.Options = Importer.Options(),
                            dryRun: Bool = false) throws(ImportError) -> ImportReport {
        let importer = Importer(directory: directory, options: options)
        let (documents, errors) = Importer.readDocuments(paths)
        let plan = importer.plan(documents, errors: errors)
        var report = plan.report
        report.dryRun = dryRun
        guard !dryRun, !report.isRefused else { return report }
        do throws(AtomicFile.WriteError) { try importer.apply(plan.writes) } catch {
            throw ImportError(report: report, failure: error)
        }
        report.filesWritten = plan.writes.count
        return report
    }
}
