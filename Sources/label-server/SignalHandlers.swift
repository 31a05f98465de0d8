import Foundation

/// SIGTERM, SIGINT and SIGHUP taken by one thread with `sigwait`, and SIGPIPE
/// ignored (a peer closing mid-write must give EPIPE, not death).
///
/// Not Dispatch signal sources: on Linux they catch a signal in whichever thread
/// has it unblocked and re-raise it at one thread, whose signalfd is not always the
/// one being polled, and a SIGTERM was seen lost that way (the server kept serving
/// for minutes). Here every thread inherits a mask blocking the three signals
/// (``blockInEveryThread()`` runs before any thread exists), so the kernel keeps
/// them pending for the process until the waiting thread takes them.
final class SignalHandlers: Sendable {
    private static let handled: [(number: Int32, name: String)] = [
        (SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP"),
    ]

    /// Blocks the handled signals in the calling thread, so threads created after it
    /// inherit the mask. Call first thing, before the store loader or anything else
    /// starts a thread; a signal that arrives before ``init`` waits, pending.
    static func blockInEveryThread() {
        signal(SIGPIPE, SIG_IGN)
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for (number, _) in handled { sigaddset(&set, number) }
        return set
    }

    /// Starts the waiting thread; it lives as long as the process. The process must
    /// have called ``blockInEveryThread()`` before its first thread: blocking here
    /// would cover only the calling thread, not the loader's or the loops'.
    init(onReload: @escaping @Sendable () -> Void, onStop: @escaping @Sendable (String) -> Void) {
        let thread = Thread {
            var set = Self.signalSet()
            while true {
                var number: Int32 = 0
                guard sigwait(&set, &number) == 0 else { continue }
                if number == SIGHUP {
                    onReload()
                } else {
                    onStop(Self.handled.first { $0.number == number }?.name ?? "signal \(number)")
                }
            }
        }
        thread.name = "label-server-signals"
        thread.stackSize = 1 << 18
        thread.start()
    }
}
