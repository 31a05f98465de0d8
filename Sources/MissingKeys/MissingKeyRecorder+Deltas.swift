import BackgroundWork
package import Foundation

/// The recorder as a shared report store's buffer (`--report-store`): the request path
/// records into it as always, and the store's flush takes what accumulated since the last
/// flush (``drainDeltas()``) and adds it to the shared report.
extension MissingKeyRecorder {
    /// What was recorded since the last drain.
    package struct Delta: Sendable, Hashable {
        /// One entry's hits since the last drain.
        package struct Entry: Sendable, Hashable {
            package var id: EntryID
            package var hits: Int
            package var firstSeen: Date
            package var lastSeen: Date
            /// The latest sighting's source (`client` while only clients reported it).
            package var servedFrom: String
            /// Every hit of this delta came from a client's report (`POST /missing`).
            package var reported: Bool

            package init(id: EntryID, hits: Int, firstSeen: Date, lastSeen: Date, servedFrom: String, reported: Bool) {
                self.id = id
                self.hits = hits
                self.firstSeen = firstSeen
                self.lastSeen = lastSeen
                self.servedFrom = servedFrom
                self.reported = reported
            }
        }

        package var entries: [Entry]
        /// Recordings refused since the last drain: `newEntries` because the buffer was full.
        package var dropped: MissingReport.Dropped

        package init(entries: [Entry] = [], dropped: MissingReport.Dropped = MissingReport.Dropped()) {
            self.entries = entries
            self.dropped = dropped
        }

        package var isEmpty: Bool { entries.isEmpty && dropped.hits == 0 }
    }

    /// Takes every entry and drop counter recorded since the last drain and empties the
    /// recorder (one lock; the copy happens outside it). `since` and the once-per-process
    /// drop warnings are kept.
    package func drainDeltas() -> Delta {
        let (entries, dropped) = state.withLock { state -> ([EntryID: Stats], MissingReport.Dropped) in
            let taken = (state.entries, state.dropped)
            var fresh = State(since: state.since)
            fresh.generation = state.generation &+ 1
            fresh.loggedFull = state.loggedFull
            fresh.loggedLongKeyDrop = state.loggedLongKeyDrop
            fresh.loggedReportedFull = state.loggedReportedFull
            state = fresh
            return taken
        }
        let list = entries.map { id, stats in
            Delta.Entry(id: id, hits: stats.hits, firstSeen: stats.firstSeen, lastSeen: stats.lastSeen,
                        servedFrom: stats.servedFrom, reported: stats.reported)
        }
        return Delta(entries: list, dropped: dropped)
    }

    /// Entries held now (the buffer's fill, for `/metrics`).
    package var entryCount: Int { state.withLock { $0.entries.count } }
}

extension MissingKeyRecorder {
    /// The bounds this recorder enforces, as a report shows them.
    package var limits: MissingReport.Limits {
        MissingReport.Limits(maxEntries: maxEntries, maxKeyBytes: maxKeyBytes, maxReportedEntries: maxReportedEntries)
    }
}
