import Sockets

/// The bytes queued for one connection's socket, in order, without copying
/// large bodies.
///
/// Heads and small bodies go into owned buffers (pipelined small responses
/// share one, so they leave in one write); a large body is queued as the
/// array it came from — a precomputed catalog body is then referenced by
/// every slow reader, not copied per response. What a connection costs in
/// memory is ``ownedBytes``, not ``count``.
struct OutputQueue {
    private struct Chunk {
        var bytes: [UInt8]
        var owned: Bool
    }

    /// Bodies at most this long are copied next to their head (one write, and
    /// cheaper than keeping a reference); longer ones are referenced.
    static let copyLimit = 16 << 10

    private var chunks: [Chunk] = []
    private var first = 0
    /// Bytes of `chunks[first]` already written.
    private var offset = 0
    /// An emptied owned buffer kept for the next response (keep-alive reuse).
    private var spare: [UInt8] = []
    /// Unsent bytes.
    private(set) var count = 0
    /// Bytes in owned buffers (capacity), i.e. memory this queue itself holds.
    private(set) var ownedBytes = 0

    var isEmpty: Bool { count == 0 }

    /// Appends bytes written by `body` into an owned buffer.
    mutating func appendOwned(_ body: (inout [UInt8]) -> Void) {
        if chunks.count > first, chunks[chunks.count - 1].owned {
            let before = chunks[chunks.count - 1].bytes.count
            let capacity = chunks[chunks.count - 1].bytes.capacity
            body(&chunks[chunks.count - 1].bytes)
            count += chunks[chunks.count - 1].bytes.count - before
            ownedBytes += chunks[chunks.count - 1].bytes.capacity - capacity
            return
        }
        var buffer = spare
        spare = []
        body(&buffer)
        count += buffer.count
        ownedBytes += buffer.capacity
        chunks.append(Chunk(bytes: buffer, owned: true))
    }

    /// Appends a body: copied when small, else queued by reference.
    mutating func append(body: [UInt8]) {
        guard !body.isEmpty else { return }
        if body.count <= Self.copyLimit {
            appendOwned { $0.append(contentsOf: body) }
        } else {
            chunks.append(Chunk(bytes: body, owned: false))
            count += body.count
        }
    }

    /// Calls `body` with the unsent bytes of the first chunk and whether more
    /// chunks follow; nil when empty.
    func withFirst<R>(_ body: (UnsafeRawBufferPointer, _ more: Bool) throws(SystemError) -> R) throws(SystemError) -> R? {
        guard first < chunks.count else { return nil }
        let more = first + 1 < chunks.count
        let result: Result<R, SystemError> = chunks[first].bytes.withUnsafeBytes { bytes in
            do throws(SystemError) {
                return .success(try body(UnsafeRawBufferPointer(rebasing: bytes[offset...]), more))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Marks `written` bytes of the first chunk as sent; drops it when done.
    mutating func consume(_ written: Int) {
        guard written > 0 else { return }
        offset += written
        count -= written
        guard offset == chunks[first].bytes.count else { return }
        let chunk = chunks[first]
        chunks[first] = Chunk(bytes: [], owned: false)
        first += 1
        offset = 0
        if chunk.owned {
            ownedBytes -= chunk.bytes.capacity
            // Keep one small buffer for the next response; give big ones back.
            if chunk.bytes.capacity <= 64 << 10 && spare.capacity == 0 {
                spare = chunk.bytes
                spare.removeAll(keepingCapacity: true)
            }
        }
        if first == chunks.count {
            chunks.removeAll(keepingCapacity: chunks.capacity <= 16)
            first = 0
        } else if first >= 16 && first * 2 >= chunks.count {
            chunks.removeFirst(first)
            first = 0
        }
    }
}
