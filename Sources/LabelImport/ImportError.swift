package import AtomicFile
import LabelCore

/// An import whose plan was accepted but whose files could not all be written.
package struct ImportError: Error, Sendable, Hashable, CustomStringConvertible, StableCode {
    /// What the import planned (``ImportReport/filesWritten`` is 0).
    package var report: ImportReport
    /// The write that failed: its path, the system's reason and a code.
    package var failure: AtomicFile.WriteError

    package init(report: ImportReport, failure: AtomicFile.WriteError) {
        self.report = report
        self.failure = failure
    }

    /// The failure's code (`write-failed`, `temporary-exists`, `dangling-link`).
    package var code: String { failure.code.rawValue }

    package var description: String { failure.description }
}
