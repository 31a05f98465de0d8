import BackgroundWork

extension AtomicFile {
    /// A stand-in for a stuck or failing disk, for tests of the code around a write (the
    /// server's state writes off its event loops): called with the file's path before its
    /// temporary is created; it may block, and a ``WriteError`` it returns fails the write.
    package typealias Stall = @Sendable (_ path: String) -> WriteError?

    private static let stalls = Guarded<[String: Stall]>([:])

    /// Sets (or, with nil, removes) the stall for writes into `folder` (the folder part of
    /// the paths written, as given). Writes into other folders are never affected.
    package static func setStall(_ stall: Stall?, forFolder folder: String) {
        stalls.withLock { $0[folder] = stall }
    }

    static func stall(before path: String, in folder: String) throws(WriteError) {
        guard let stall = stalls.withLock({ $0.isEmpty ? nil : $0[folder] }) else { return }
        if let error = stall(path) { throw error }
    }
}
