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
        // `access METHOD TARGET HTTP/x.y STATUS BYTES MICROSECONDSus`, a format awk can
        // read. Written into a scratch buffer, then appended under the lock at once: an
        // `Array.append` per piece (or string interpolation) costs more on every line.
        var target = request.target
        target.withUTF8 { target in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.lineBound) { scratch in
                var line = ByteWriter(scratch)
                Self.write(request: request, target: UnsafeBufferPointer(rebasing: target.prefix(Self.targetLimit)),
                           status: status, bytes: bytes, seconds: seconds, to: &line)
                pending.withLock { pending in
                    guard pending.bytes.count + line.count <= bufferLimit else {
                        pending.dropped += 1
                        return
                    }
                    pending.bytes.append(contentsOf: line.written)
                }
            }
        }
    }

    /// Bytes of the target kept on a line.
    private static let targetLimit = 512
    /// The longest line: the fixed text, a method of 32 bytes, the target and four numbers of 20 digits.
    private static let lineBound = 32 + 32 + targetLimit + 4 * 21 + 8

    private static func write(request: HTTPRequest, target: UnsafeBufferPointer<UInt8>, status: Int, bytes: Int,
                              seconds: Double, to line: inout ByteWriter) {
        line.write("access ")
        var method = request.method.rawValue
        method.withUTF8 { line.write(UnsafeBufferPointer(rebasing: $0.prefix(32))) }
        line.write(UInt8(ascii: " "))
        line.write(target)
        line.write(" HTTP/")
        line.writeDecimal(UInt(clamping: request.version.major))
        line.write(UInt8(ascii: "."))
        line.writeDecimal(UInt(clamping: request.version.minor))
        line.write(UInt8(ascii: " "))
        line.writeDecimal(UInt(clamping: status))
        line.write(UInt8(ascii: " "))
        line.writeDecimal(UInt(clamping: bytes))
        line.write(UInt8(ascii: " "))
        line.writeDecimal(UInt(Swift.max(0, Swift.min(seconds * 1e6, 1e15))))
        line.write("us\n")
    }

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
