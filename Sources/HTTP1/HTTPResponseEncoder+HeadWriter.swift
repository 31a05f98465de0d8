extension HTTPResponseEncoder {
    /// Writes a response head into a scratch buffer sized beforehand to an upper bound,
    /// with plain stores and `memcpy` instead of a checked `Array.append` per piece.
    struct HeadWriter {
        private let buffer: UnsafeMutableBufferPointer<UInt8>
        /// Bytes written so far.
        private(set) var count = 0

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        mutating func write(_ byte: UInt8) {
            precondition(count < buffer.count)
            buffer[count] = byte
            count += 1
        }

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            precondition(bytes.count <= buffer.count - count)
            (buffer.baseAddress! + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        mutating func write(_ text: StaticString) {
            write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// The bytes with control bytes replaced by spaces (no response splitting).
        mutating func writeSanitized(_ bytes: UnsafeBufferPointer<UInt8>) {
            if HTTPResponseEncoder.isClean(bytes) {
                write(bytes)
            } else {
                for byte in bytes { write(ByteClass.isFieldValueByte(byte) ? byte : ByteClass.sp) }
            }
        }

        /// Each field as `name: value` CRLF: a stored line as it is (checked when it was
        /// added), others sanitized; a field whose name the encoder owns or that is no token is dropped.
        mutating func write(fields: HTTPHeaders) {
            fields.forEachStored { name, value, line in
                if let line {
                    write(line)
                } else if HTTPResponseEncoder.isWritableName(name) {
                    write(name)
                    write(": ")
                    writeSanitized(value)
                    write("\r\n")
                }
                return true
            }
        }

        /// `value` in decimal ASCII.
        mutating func writeDecimal(_ value: UInt) {
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
}
