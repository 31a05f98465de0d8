/// The Redis keys of one report store, all under its prefix (`--report-store-prefix`,
/// default `label-server:`), so several stores share one Redis and an ACL user limited to
/// `~prefix*` (and `&prefix*` for the reload channel) is enough.
package struct ReportKeys: Sendable, Hashable {
    package let prefix: String

    package static let defaultPrefix = "label-server:"

    package init(prefix: String = defaultPrefix) { self.prefix = prefix }

    /// Hash: entry id → record (see ``ReportCodec``).
    package var entries: String { prefix + "missing" }
    /// Hash: `since`, `gen`, `dnew`, `dlong`, `drep`, `rep` (reported entries), `usince`.
    package var meta: String { prefix + "meta" }
    /// Sorted set: resolved entry ids by resolution time (ms), for eviction at the cap.
    package var resolved: String { prefix + "resolved" }
    /// Hash: `table US key` → requests.
    package var usageHits: String { prefix + "usage:hits" }
    /// Hash: `table US key` → latest request (seconds since 1970).
    package var usageLatest: String { prefix + "usage:latest" }
    /// Pub/sub channel of fleet-wide reloads.
    package var reloadChannel: String { prefix + "reload" }

    /// A batch's idempotency marker (the script appends `.<part>`): set (NX, 300 s) by the flush
    /// script before it applies anything.
    package func flushMarker(replica: String, sequence: UInt64) -> String {
        "\(prefix)flush:\(replica):\(sequence)"
    }
}
