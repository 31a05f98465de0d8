/// Writes bytes into a scratch buffer sized beforehand to an upper bound, with plain
/// stores and `memcpy` instead of a checked `Array.append` per piece (each checks
/// capacity and uniqueness before it copies a byte): a response head, an access-log line.
package struct ByteWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written so far.
    package private(set) var count = 0

    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// What has been written.
    package var written: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[..<count])
    }

    package mutating func write(_ byte: UInt8) {
        precondition(count < buffer.count)
        buffer[count] = byte
        count += 1
    }

    package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        precondition(bytes.count <= buffer.count - count)
        (buffer.baseAddress! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `value` in decimal ASCII.
    package mutating func writeDecimal(_ value: UInt) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        precondition(digits <= buffer.count - count)
        rest = value
        for index in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        count += digits
    }
}
