import BackgroundWork
import Foundation
import HTTP1

/// One line per request, buffered and written by a background timer, so an
/// event loop never blocks on the log's pipe.
///
/// When the sink is stuck (stderr not read), lines beyond ``bufferLimit`` bytes are
/// dropped rather than buffered without bound, and counted: the next write ends with
/// `access-log-dropped N`, where the gap is.
package final class AccessLog: Sendable {
    private struct Pending {
        var bytes: [UInt8] = []
        var dropped = 0
    }

    private let pending = Guarded(Pending())
    /// Above this many buffered bytes new lines are dropped.
    private let bufferLimit: Int
    private let sink: @Sendable ([UInt8]) -> Void
    /// Writes the buffer out every 200 ms, off the event loops; cancelled when the log goes.
    private let writer = PeriodicTask(label: "label-server.access-log")

    /// - Parameters:
    ///   - bufferLimit: The most bytes held between two writes (4 MiB by default).
    ///   - sink: Where lines go (stderr by default).
    package init(bufferLimit: Int = 4 << 20,
                sink: @escaping @Sendable ([UInt8]) -> Void = { FileHandle.standardError.write(Data($0)) }) {
        self.bufferLimit = bufferLimit
        self.sink = sink
        writer.start(every: .milliseconds(200)) { [weak self] in self?.writeBuffered() }
    }

    func record(request: HTTPRequest, status: Int, bytes: Int, seconds: Double) {
        // `access METHOD TARGET HTTP/x.y STATUS BYTES MICROSECONDSus`, a format awk
        // can read; appended as bytes (string interpolation cost ~5 µs a line).
        let target = request.target.utf8.prefix(512)
        pending.withLock { pending in
            guard pending.bytes.count + target.count + 96 <= bufferLimit else {
                pending.dropped += 1
                return
            }
            Self.append(request: request, target: target, status: status, bytes: bytes, seconds: seconds, to: &pending.bytes)
        }
    }

    /// Appends the line of one request.
    private static func append(request: HTTPRequest, target: Substring.UTF8View, status: Int, bytes: Int,
                               seconds: Double, to buffer: inout [UInt8]) {
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

    /// Writes what is buffered now (at shutdown), in order with the timer's writes.
    package func flush() { writer.runNow() }

    private func writeBuffered() {
        let written = pending.withLock { pending -> [UInt8] in
            defer {
                pending.bytes.removeAll(keepingCapacity: true)
                pending.dropped = 0
            }
            if pending.dropped > 0 {
                pending.bytes.append(contentsOf: "access-log-dropped ".utf8)
                ASCIIDecimal.append(pending.dropped, to: &pending.bytes)
                pending.bytes.append(UInt8(ascii: "\n"))
            }
            return pending.bytes
        }
        if !written.isEmpty { sink(written) }
    }
}
