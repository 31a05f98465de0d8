import Foundation

/// A value behind a lock, for LabelCore's caches and LabelClient's shared state.
///
/// LabelCore ships inside apps (through `LabelClient`) that support iOS 17, where
/// `Synchronization.Mutex` does not exist (iOS 18+), so the code apps embed uses this one
/// small `NSLock` wrapper instead; the server-only targets use BackgroundWork's `Guarded`. The API mirrors
/// `Mutex.withLock`, so the two read alike. `package`: the package's own targets share it,
/// apps do not see it.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
