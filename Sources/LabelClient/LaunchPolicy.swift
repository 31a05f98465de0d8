/// How ``LabelClient/labels(language:policy:)`` chooses between the server and
/// what is already on the device.
public enum LaunchPolicy: Sendable, Hashable {
    /// Ask the server first and wait for it up to the client's `timeout`; the
    /// cache, then the fallback store, answer only when it fails.
    case networkFirst
    /// Answer at once from the cache, else the fallback store, and refresh from
    /// the server in the background (``LabelClient/refreshed(language:)``): a
    /// stalled network never delays a launch. Waits on the server only when
    /// there is neither cache nor fallback store.
    case localFirst
}
