/// FNV-1a, 64 bit: a fast, stable fingerprint of bytes for strong ETags.
///
/// Not a cryptographic hash: an ETag only has to change when the content
/// changes, and clients never get to choose the content.
package enum ContentHash {
    package static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// 16 lowercase hex digits.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
