package import LabelCore

/// Why a scan's store could not be read (the whole scan then fails; a file that cannot be
/// read is a ``ScanWarning`` instead, see `ScanStore.TableError`). The reason carries
/// the values; ``code`` is stable, ``description`` the sentence.
package struct ScanError: Error, Sendable, Hashable, CustomStringConvertible, StableCode {
    package enum Reason: Sendable, Hashable {
        /// A `--resources` path is not a folder.
        case resourcesNotAFolder(path: String)
        /// The server's layout (`--strings`) cannot be listed: the loader's problems.
        case storeUnreadable([StoreProblem])
    }

    package var reason: Reason

    package init(_ reason: Reason) { self.reason = reason }

    package var code: String {
        switch reason {
        case .resourcesNotAFolder: "resources-not-a-folder"
        case .storeUnreadable: "store-unreadable"
        }
    }

    package var description: String {
        switch reason {
        case .resourcesNotAFolder(let path): "--resources \(path): not a folder"
        case .storeUnreadable(let problems): problems.map { "\($0.file): \($0.message)" }.joined(separator: "; ")
        }
    }
}
