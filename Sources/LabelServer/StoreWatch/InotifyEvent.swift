import Glibc

/// One event read from an inotify descriptor, parsed from the kernel's bytes.
///
/// Only ``isChange`` matters to the store watcher: the events say "look again", the
/// fingerprint and the reload read the truth.
struct InotifyEvent: Equatable, Sendable {
    /// The watch descriptor (-1 for a queue overflow).
    var watch: Int32
    var mask: UInt32
    /// The entry's name inside the watched folder; empty for events on the folder itself.
    var name: String

    /// Size of `struct inotify_event` before its name: wd, mask, cookie, len.
    static let headerSize = 16

    /// Whether the event may mean the store changed. `IN_IGNORED` says a watch is gone:
    /// removed by the watcher itself when it re-arms (which queues one per removal), or by
    /// the kernel after the folder's own `IN_DELETE_SELF`/unmount, which counts already.
    /// Everything else counts, a queue overflow (`IN_Q_OVERFLOW`: events were lost) too.
    var isChange: Bool { mask & UInt32(IN_IGNORED) == 0 }

    /// A buffer that does not hold whole events.
    struct ParseError: Error, Equatable {
        var reason: String
        /// Byte offset of the event that could not be read.
        var offset: Int
    }

    /// The events in `bytes`, as `read(2)` returns them on an inotify descriptor: headers
    /// in native byte order, each followed by `len` bytes of NUL-padded name.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(ParseError) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= headerSize else {
                throw ParseError(reason: "\(bytes.count - offset) bytes left, less than an event header", offset: offset)
            }
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            guard length <= bytes.count - offset - headerSize else {
                throw ParseError(reason: "a name of \(length) bytes runs past the end of the buffer", offset: offset)
            }
            let nameBytes = bytes[(offset + headerSize)..<(offset + headerSize + length)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            events.append(InotifyEvent(watch: watch, mask: mask, name: name))
            offset += headerSize + length
        }
        return events
    }
}
