import BackgroundWork
public import Foundation
import HTTP1
import Synchronization

/// One line per request, buffered and written by a background timer, so an
/// event loop never blocks on the log's pipe.
public final class AccessLog: Sendable {
    private let buffer = Mutex<[UInt8]>([])
    /// Above this many buffered bytes new lines are dropped (and counted)
    /// rather than growing without bound when stderr is stuck.
    private let limit = 4 << 20
    private let dropped = Mutex<Int>(0)
    private let sink: @Sendable ([UInt8]) -> Void
    /// Writes the buffer out every 200 ms, off the event loops; cancelled when the log goes.
    private let writer = PeriodicTask(label: "label-server.access-log")

    /// - Parameter sink: Where lines go (stderr by default).
    public init(sink: @escaping @Sendable ([UInt8]) -> Void = { FileHandle.standardError.write(Data($0)) }) {
        self.sink = sink
        writer.start(every: .milliseconds(200)) { [weak self] in self?.writeBuffered() }
    }

    func record(request: HTTPRequest, status: Int, bytes: Int, seconds: Double) {
        // `access METHOD TARGET HTTP/x.y STATUS BYTES MICROSECONDSus`, a format awk
        // can read; appended as bytes (string interpolation cost ~5 µs a line).
        let target = request.target.utf8.prefix(512)
        buffer.withLock { buffer in
            guard buffer.count + target.count + 96 <= limit else {
                dropped.withLock { $0 += 1 }
                return
            }
            buffer.append(contentsOf: "access ".utf8)
            buffer.append(contentsOf: request.method.rawValue.utf8.prefix(32))
            buffer.append(UInt8(ascii: " "))
            buffer.append(contentsOf: target)
            buffer.append(contentsOf: " HTTP/".utf8)
            ASCIIDecimal.append(request.version.major, to: &buffer)
            buffer.append(UInt8(ascii: "."))
            ASCIIDecimal.append(request.version.minor, to: &buffer)
            buffer.append(UInt8(ascii: " "))
            ASCIIDecimal.append(status, to: &buffer)
            buffer.append(UInt8(ascii: " "))
            ASCIIDecimal.append(bytes, to: &buffer)
            buffer.append(UInt8(ascii: " "))
            ASCIIDecimal.append(Int(seconds * 1e6), to: &buffer)
            buffer.append(contentsOf: "us\n".utf8)
        }
    }

    /// Writes what is buffered now (at shutdown), in order with the timer's writes.
    public func flush() { writer.runNow() }

    private func writeBuffered() {
        let pending = buffer.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if !pending.isEmpty { sink(pending) }
    }
}
