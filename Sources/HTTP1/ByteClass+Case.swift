extension ByteClass {
    @inline(__always)
    static func asciiLower(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }

    /// Byte equality, case counting, without allocating (`elementsEqual` is not specialized
    /// here): methods in a request line and entity tags.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    /// ASCII case-insensitive byte equality, without allocating: the one comparison of field
    /// names (``HTTPField/Name``) and of the tokens in field values (`chunked`, `gzip`, `close`).
    static func equalIgnoringCase(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] {
            guard asciiLower(a[index]) == asciiLower(b[index]) else { return false }
        }
        return true
    }

    /// The bytes of a literal written in the code, in place.
    @inline(__always)
    static func bytes(_ literal: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// ``equalIgnoringCase(_:_:)`` for a list element read as text.
    static func equalIgnoringCase(_ text: Substring, _ token: String) -> Bool {
        var text = text
        return text.withUTF8 { text in HTTPHeaders.withUTF8(token) { equalIgnoringCase(text, $0) } }
    }
}
