package import LabelCore

/// Why a scan's store could not be read (the whole scan then fails), or why one of its
/// files could not (that file is then a ``ScanWarning`` and the scan goes on). The
/// reason carries the values; ``code`` is stable, ``description`` the sentence.
package struct ScanError: Error, Sendable, Hashable, CustomStringConvertible, StableCode {
    package enum Reason: Sendable, Hashable {
        /// A `--resources` path is not a folder.
        case resourcesNotAFolder(path: String)
        /// The server's layout (`--strings`) cannot be listed: the loader's problems.
        case storeUnreadable([StoreProblem])
        /// A table named like a store file is a FIFO, a device or a folder.
        case notARegularFile(path: String)
        /// A table could not be read as the loader reads it (its problem).
        case tableUnreadable(StoreProblem)
    }

    package var reason: Reason

    package init(_ reason: Reason) { self.reason = reason }

    package var code: String {
        switch reason {
        case .resourcesNotAFolder: "resources-not-a-folder"
        case .storeUnreadable: "store-unreadable"
        case .notARegularFile: "not-a-regular-file"
        case .tableUnreadable: "table-unreadable"
        }
    }

    package var description: String {
        switch reason {
        case .resourcesNotAFolder(let path): "--resources \(path): not a folder"
        case .storeUnreadable(let problems): problems.map { "\($0.file): \($0.message)" }.joined(separator: "; ")
        case .notARegularFile: "not a regular file"
        case .tableUnreadable(let problem): problem.message
        }
    }
}
