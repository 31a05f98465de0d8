/// The store watcher's decisions, apart from its I/O: when to look at the store again,
/// and whether what it sees asks for a reload. Time is a number of seconds handed in by
/// the caller (a monotonic clock), so tests drive it with synthetic events and instants.
///
/// - A change (an event that ``InotifyEvent/isChange``) makes a look due once
///   ``quietPeriod`` has passed without another, and at most ``maximumDelay`` after the
///   first: a burst of writes (an editor's save) gives one look.
/// - A look reloads only when the store's fingerprint differs from the one taken before
///   the last load, whether that load succeeded or not: events that changed nothing never
///   reload, and a broken store is tried again only when its files change again.
struct StoreWatchSchedule: Sendable {
    /// Seconds without a new change before looking.
    static let quietPeriod = 0.3
    /// Seconds after the first change by which a look happens even if changes keep coming.
    static let maximumDelay = 1.5
    /// Seconds before looking again when the fingerprint could not be taken whole (the
    /// process is out of descriptors or memory): no picture of the store, so no decision;
    /// the look is repeated until one is complete, and only then compared.
    static let incompleteRetry = 1.0
    /// Milliseconds to wait for events when no look is due (bounds how late a stop is seen).
    static let idleWait: Int32 = 500

    /// What the watcher does next.
    enum Step: Equatable {
        /// Wait for events at most this long.
        case wait(milliseconds: Int32)
        /// Arm the watches again, take the fingerprint and ask ``shouldReload(_:)``.
        case look
    }

    /// The fingerprint taken before the last load (or attempt).
    private(set) var loaded: StoreFingerprint
    /// The first change not looked at yet, if any.
    private(set) var firstChange: Double?
    private var lastChange = 0.0

    init(loaded: StoreFingerprint) { self.loaded = loaded }

    /// Notes the events read at `now`; those that are no change (``InotifyEvent/isChange``) are not.
    /// - Returns: whether any counted.
    @discardableResult
    mutating func receive(_ events: [InotifyEvent], at now: Double) -> Bool {
        guard events.contains(where: \.isChange) else { return false }
        noteChange(at: now)
        return true
    }

    /// Notes that the store may have changed at `now` (also: at start, the store as loaded
    /// may differ from the store as it is once the watches are armed).
    mutating func noteChange(at now: Double) {
        if firstChange == nil { firstChange = now }
        lastChange = now
    }

    /// What to do at `now`.
    func step(at now: Double) -> Step {
        guard let first = firstChange else { return .wait(milliseconds: Self.idleWait) }
        let due = min(lastChange + Self.quietPeriod, first + Self.maximumDelay)
        guard now < due else { return .look }
        // Between 1 ms and the longest debounce: the conversion cannot trap.
        let milliseconds = min(max(((due - now) * 1000).rounded(.up), 1), Self.maximumDelay * 1000)
        return .wait(milliseconds: Int32(milliseconds))
    }

    /// Ends a look with the store's fingerprint as it is now (taken after the watches were
    /// armed again): true when it differs from the last load's, which it then becomes — the
    /// caller reloads, and whatever the outcome, the same files are not loaded again.
    ///
    /// A fingerprint that is not ``StoreFingerprint/isComplete`` decides nothing: the look
    /// is due again ``incompleteRetry`` seconds after `now`.
    mutating func shouldReload(_ current: StoreFingerprint, at now: Double) -> Bool {
        firstChange = nil
        guard current.isComplete else {
            firstChange = now
            lastChange = now - Self.quietPeriod + Self.incompleteRetry
            return false
        }
        guard current != loaded else { return false }
        loaded = current
        return true
    }
}
