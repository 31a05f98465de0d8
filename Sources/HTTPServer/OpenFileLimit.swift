import Glibc

/// The process's open-file limit, which caps how many connections it can hold.
package enum OpenFileLimit {
    /// Raises the soft limit to the hard limit (as nginx's `worker_rlimit_nofile`
    /// would), since many systems start processes at 1,024 descriptors.
    ///
    /// - Returns: The soft limit in force afterwards.
    @discardableResult
    package static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
