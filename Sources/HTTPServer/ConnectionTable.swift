import Sockets

/// A loop's open connections, indexed by descriptor.
///
/// Descriptors are small, dense integers, so an array slot replaces a
/// dictionary lookup (hashing) on every event; the loop checks whether a
/// connection is still open several times per request.
struct ConnectionTable {
    private var slots: [Connection?] = []
    /// Open connections.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    subscript(descriptor: Int32) -> Connection? {
        descriptor >= 0 && Int(descriptor) < slots.count ? slots[Int(descriptor)] : nil
    }

    mutating func insert(_ connection: Connection) {
        let index = Int(connection.descriptor)
        if index >= slots.count {
            slots.append(contentsOf: repeatElement(nil, count: max(index + 1, slots.count * 2, 64) - slots.count))
        }
        if slots[index] == nil { count += 1 }
        slots[index] = connection
    }

    /// Removes the connection at `descriptor`; false when there was none.
    mutating func remove(_ descriptor: Int32) -> Bool {
        guard self[descriptor] != nil else { return false }
        slots[Int(descriptor)] = nil
        count -= 1
        return true
    }

    /// A snapshot of the open connections (safe to close them while iterating).
    var all: [Connection] { slots.compactMap { $0 } }
}
