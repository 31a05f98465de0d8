import Foundation
import HTTP1
import Synchronization

/// One line per request, buffered and written by a background thread, so an
/// event loop never blocks on the log's pipe.
public final class AccessLog: Sendable {
    private let buffer = Mutex<[UInt8]>([])
    /// Above this many buffered bytes new lines are dropped (and counted)
    /// rather than growing without bound when stderr is stuck.
    private let limit = 4 << 20
    private let dropped = Mutex<Int>(0)
    private let sink: @Sendable ([UInt8]) -> Void

    /// - Parameter sink: Where lines go (stderr by default).
    public init(sink: @escaping @Sendable ([UInt8]) -> Void = { FileHandle.standardError.write(Data($0)) }) {
        self.sink = sink
        let thread = Thread { [weak self] in
            while let self {
                Thread.sleep(forTimeInterval: 0.2)
                self.flush()
            }
        }
        thread.name = "label-server-access-log"
        thread.start()
    }

    func record(request: HTTPRequest, status: Int, bytes: Int, seconds: Double) {
        // `method target version status bytes microseconds`, a format awk can read.
        let line = "access \(request.method.rawValue) \(request.target.prefix(512)) \(request.version) \(status) \(bytes) \(Int(seconds * 1e6))us\n"
        buffer.withLock { buffer in
            if buffer.count + line.utf8.count > limit {
                dropped.withLock { $0 += 1 }
            } else {
                buffer.append(contentsOf: line.utf8)
            }
        }
    }

    /// Writes what is buffered (also called at shutdown).
    public func flush() {
        let pending = buffer.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if !pending.isEmpty { sink(pending) }
    }
}
