import Dispatch
import Foundation

/// SIGTERM, SIGINT and SIGHUP delivered on a queue instead of interrupting a thread,
/// and SIGPIPE ignored (a peer closing mid-write must give EPIPE, not death).
final class SignalHandlers {
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "label-server.signals")

    init(onReload: @escaping @Sendable () -> Void, onStop: @escaping @Sendable (String) -> Void) {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        let hangup = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
        hangup.setEventHandler(handler: onReload)
        hangup.resume()
        sources.append(hangup)
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { onStop(name) }
            source.resume()
            sources.append(source)
        }
    }

    deinit { sources.forEach { $0.cancel() } }
}
